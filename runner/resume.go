package runner

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// runState is the small file beside a run's PGN (PGN + ".state") that lets
// the same command, started again after any kind of stop, resume the run.
// The PGN itself holds the results: the state only ties it to one config.
type runState struct {
	Fingerprint string `json:"fingerprint"`
	Games       int    `json:"games"` // scheduled games in all
	// The counts the schedule was built from: a run may be extended (or
	// shortened) by changing them when its schedule so far stays the same.
	ConfigGames int `json:"config_games,omitempty"`
	Rounds      int `json:"rounds,omitempty"`
}

func statePath(pgnPath string) string { return pgnPath + ".state" }

// fingerprint identifies everything that decides which games a run plays
// and how: engines, time controls, openings, schedule, seed, adjudication.
// Concurrency, outputs and the SPRT's bounds may change between resumes,
// and so may the number of games and rounds (resume checks that the games
// played so far keep their places in the schedule).
func fingerprint(c *spec.Config) string { return fingerprintWith(c, false) }

// fingerprintWith(true) is the fingerprint of earlier versions, which
// included the numbers of games and rounds.
func fingerprintWith(c *spec.Config, counts bool) string {
	type engineKey struct {
		Name, Cmd, Dir string
		Args           []string
		Proto          spec.Protocol
		Options        []spec.EngineOption
		TC             spec.TimeControl
	}
	key := struct {
		Engines              []engineKey
		Type                 spec.Tournament
		Seeds, Rounds, Games int
		Openings             spec.OpeningsConfig
		Seed                 uint64
		MaxMoves             int
		Draw                 *spec.DrawAdjudication
		Resign               *spec.ResignAdjudication
		Variant              spec.Variant `json:",omitempty"` // "" for standard: older state files stay valid
		TB                   bool         `json:",omitempty"`
		TBPieces             int          `json:",omitempty"`
		TBAdjudicate         string       `json:",omitempty"`
		OpeningRepeat        int          `json:",omitempty"`
		OpeningEachRound     bool         `json:",omitempty"`
		NoSwap, Reverse      bool         `json:",omitempty"`
		Colours              string       `json:",omitempty"`
	}{Type: c.Type, Seeds: c.Seeds, Openings: c.Openings,
		Seed: c.Seed, MaxMoves: c.MaxMoves, Draw: c.Draw, Resign: c.Resign,
		NoSwap: c.NoSwap, Reverse: c.Reverse, Colours: c.Colours, OpeningEachRound: c.OpeningEachRound}
	if c.OpeningRepeat != 0 && c.OpeningRepeat != 2 {
		key.OpeningRepeat = c.OpeningRepeat
	}
	if counts {
		key.Rounds, key.Games = c.Rounds, c.Games
	}
	if c.Variant != spec.Standard {
		key.Variant = c.Variant
	}
	if c.TB != "" { // which directories hold the tables does not change a game
		key.TB, key.TBPieces, key.TBAdjudicate = true, c.TBPieces, c.TBAdjudicate
	}
	for _, e := range c.Engines {
		key.Engines = append(key.Engines, engineKey{e.Name, e.Cmd, e.Dir, e.Args, e.Proto, e.Options, e.TC})
	}
	b, _ := json.Marshal(key)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// resume counts the games an earlier start of this run left in the PGN and
// returns their numbers, so they are not played again. A game cut off by a
// kill is removed from the end of the PGN. Without a state file the run is
// new: the state file is written and the PGN, if it exists, is appended to.
//
// A run whose number of games or rounds changed continues when the games
// its earlier schedule laid out keep their places in the new one: raising
// --games of a match (or the SPRT's maximum) extends it. rebuild lays out
// the schedule for other counts.
//
// Every game counted is replayed first (scanFinishedGames): a result its
// moves or the run contradict, or a second game of one number, stops the
// resume with the file, line and what is wrong, before any game; a copy of
// a game is counted once, with a warning.
func resume(c *spec.Config, schedule []scheduledGame, res *Result, rebuild func(games, rounds int) []scheduledGame, warn func(string)) (map[int]bool, error) {
	done := map[int]bool{}
	if c.PGNOut == "" {
		return done, nil
	}
	want := runState{Fingerprint: fingerprint(c), Games: len(schedule), ConfigGames: c.Games, Rounds: c.Rounds}
	have, fresh, err := loadState(c, want)
	if err != nil || fresh {
		return done, err
	}
	if have.Fingerprint != want.Fingerprint && have.Fingerprint != fingerprintWith(c, true) {
		return nil, fmt.Errorf("resume: %s belongs to a different run (other engines, time controls, openings, schedule or seed, says %s): choose another pgnout, or delete both files to start afresh",
			c.PGNOut, statePath(c.PGNOut))
	}
	if have.ConfigGames != c.Games || have.Rounds != c.Rounds || have.Fingerprint != want.Fingerprint {
		if err := checkExtension(c, have, schedule, rebuild); err != nil {
			return nil, err
		}
		if err := writeOwnFile(statePath(c.PGNOut), mustJSON(want)); err != nil {
			return nil, fmt.Errorf("resume: %w", err)
		}
	}
	rules := func(g *pgn.GameResult) endingRules {
		if g.Round < 1 || g.Round > len(schedule) {
			return endingRules{}
		}
		sg := schedule[g.Round-1]
		return runEndings(&c.Adjudication, c.Engines, sg.white, sg.black)
	}
	inPlace := func(g *readBackGame) error {
		if g.Round > len(schedule) {
			return fmt.Errorf("%s:%d: game %d was played, but the run now has only %d games: give at least --games/rounds that include it",
				c.PGNOut, g.Line, g.Round, len(schedule))
		}
		sg := schedule[g.Round-1]
		if g.White != c.Engines[sg.white].Name || g.Black != c.Engines[sg.black].Name {
			return fmt.Errorf("%s:%d: game %d is %s vs %s, but the schedule has %s vs %s",
				c.PGNOut, g.Line, g.Round, g.White, g.Black, c.Engines[sg.white].Name, c.Engines[sg.black].Name)
		}
		return nil
	}
	err = readPlayedGames(c.PGNOut, rules, warn, inPlace, func(g *readBackGame) {
		sg := schedule[g.Round-1]
		culprit, fail, _ := record.ParseEnding(g.Ending)
		res.add(sg, g.outcome, culprit, fail)
		res.Resumed++
		done[g.Round] = true
	})
	if err != nil {
		return nil, err
	}
	return done, nil
}

// loadState reads the state file beside the PGN; fresh says there was
// none, and want has been written in its place: a new run.
func loadState(c *spec.Config, want runState) (have runState, fresh bool, err error) {
	if err := checkOwnFile(statePath(c.PGNOut)); err != nil {
		return have, false, fmt.Errorf("resume: %w", err)
	}
	b, err := os.ReadFile(statePath(c.PGNOut))
	switch {
	case errors.Is(err, os.ErrNotExist):
		return have, true, writeOwnFile(statePath(c.PGNOut), mustJSON(want))
	case err != nil:
		return have, false, fmt.Errorf("resume: %w", err)
	}
	if err := json.Unmarshal(b, &have); err != nil {
		return have, false, fmt.Errorf("resume: %s: %w", statePath(c.PGNOut), err)
	}
	return have, false, nil
}

// checkExtension allows a run's counts to change when the schedule it had
// and the new one agree on every game both hold: the same players and the
// same opening at the same number.
func checkExtension(c *spec.Config, have runState, schedule []scheduledGame, rebuild func(games, rounds int) []scheduledGame) error {
	if have.ConfigGames == 0 || have.Rounds == 0 {
		// A state file of an earlier version, whose fingerprint held the
		// counts: it matched only if they are unchanged.
		if have.Fingerprint == fingerprintWith(c, true) {
			return nil
		}
		return fmt.Errorf("resume: %s was started with other counts of games or rounds by an earlier autoplay: run it with those", c.PGNOut)
	}
	old := rebuild(have.ConfigGames, have.Rounds)
	for i := range min(len(old), len(schedule)) {
		a, b := old[i], schedule[i]
		if a.white != b.white || a.black != b.black || a.opening != b.opening || a.pair != b.pair {
			return fmt.Errorf("resume: %s was started with games %d and rounds %d; with games %d and rounds %d game %d would be another game: "+
				"a run can be extended only where its games keep their numbers (a match's --games, or rounds)",
				c.PGNOut, have.ConfigGames, have.Rounds, c.Games, c.Rounds, i+1)
		}
	}
	return nil
}

// readPlayedGames reads the finished games an earlier start of the run
// left in the PGN at path, for a resume: each is replayed with the endings
// rules gives for it; a copy of a game is counted once, with a warning; a
// second game of one number, a game inPlace (when set) refuses, or one
// that does not check out stops the resume with the file, line and what is
// wrong. take gets every game counted. The tail of a game a kill cut off
// is cut from the file; a PGN that does not exist holds no games.
func readPlayedGames(path string, rules func(*pgn.GameResult) endingRules, warn func(string), inPlace func(*readBackGame) error, take func(*readBackGame)) error {
	var seen copies
	complete, err := scanFinishedGames(path, rules, func(g *readBackGame) error {
		if g.Round < 1 {
			return nil
		}
		if why, copied := seen.copyOf(g, path); copied {
			warn(why)
			return nil
		}
		if err := seen.numbered(g, path); err != nil {
			return err
		}
		if inPlace != nil {
			if err := inPlace(g); err != nil {
				return err
			}
		}
		if g.bad != nil {
			return refusedForResume(g.bad)
		}
		take(g)
		return nil
	})
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err == nil {
		err = truncateTo(path, complete)
	}
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	return nil
}

// truncateTo cuts a file back to size bytes if it is longer: the tail is a
// game a kill cut off in the middle.
func truncateTo(path string, size int64) error {
	fi, err := os.Stat(path)
	if err != nil || fi.Size() <= size {
		return err
	}
	return os.Truncate(path, size)
}
