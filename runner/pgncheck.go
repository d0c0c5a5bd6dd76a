package runner

import (
	"crypto/sha256"
	"fmt"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Resume and `autoplay stats` read results back from a PGN. Each finished
// game is replayed with the record checker (checkPlay), and a game whose
// text (tags and moves) is another's copy is counted once: both count the
// same games of the same file.

// readBackGame is a finished game read back from a PGN: its result and tags,
// its text's digest, and what its replay found wrong (nil: it checks out).
type readBackGame struct {
	pgn.GameResult
	outcome record.Outcome
	digest  [sha256.Size]byte
	bad     error
}

// scanFinishedGames reads path's finished games (a "*" game is skipped),
// replays each with the endings rules gives for it, and hands each to
// each; complete is as pgn.ScanGames gives it. Only one game's moves are
// held at a time.
func scanFinishedGames(path string, rules func(g *pgn.GameResult) endingRules, each func(g *readBackGame) error) (complete int64, err error) {
	return pgn.ScanGames(path, func(r pgn.GameResult, text []byte) error {
		outcome, ok := record.ParseOutcome(r.Result)
		if !ok {
			return nil
		}
		g := &readBackGame{GameResult: r, outcome: outcome, digest: sha256.Sum256(text)}
		g.bad = checkPGNGame(&g.GameResult, outcome, text, path, rules(&g.GameResult))
		return each(g)
	})
}

// checkPGNGame replays one game's text as the record checker does.
func checkPGNGame(r *pgn.GameResult, outcome record.Outcome, text []byte, path string, run endingRules) error {
	o, err := pgn.ReadGameMoves(text, path, r.Line)
	if err != nil {
		return err
	}
	rec := &record.GameRecord{Number: r.Round, StartFEN: o.FEN, Outcome: outcome, Ending: r.Ending}
	if o.Chess960 {
		rec.Variant = spec.Chess960
	}
	rec.Plies = make([]record.Ply, len(o.Moves))
	for i, m := range o.Moves {
		rec.Plies[i].Move = m
	}
	if _, err := checkPlay(rec, unknownOpening, run, false); err != nil {
		return fmt.Errorf("%s:%d: game %d: %w", path, r.Line, r.Round, err)
	}
	return nil
}

// copies tells a game that repeats an earlier one: the same number, or
// the same text.
type copies struct {
	byRound map[int]int                  // number -> line of the first
	byText  map[[sha256.Size]byte]string // digest -> file:line of the first
}

// copyOf says whether g repeats a game seen before, and in which words;
// it remembers g otherwise. byNumber: games are known by their Round, as
// autoplay numbers them (resume); else by their text alone (stats, which
// reads other tools' files too).
func (c *copies) copyOf(g *readBackGame, path string, byNumber bool) (string, bool) {
	if c.byText == nil {
		c.byRound, c.byText = map[int]int{}, map[[sha256.Size]byte]string{}
	}
	if first, seen := c.byText[g.digest]; seen {
		return fmt.Sprintf("%s:%d: game %d is a copy of the game at %s: counted once", path, g.Line, g.Round, first), true
	}
	if line, seen := c.byRound[g.Round]; byNumber && seen {
		return fmt.Sprintf("%s:%d: game %d has the number of the game at line %d, with other moves or tags: only the first is counted", path, g.Line, g.Round, line), true
	}
	c.byText[g.digest] = fmt.Sprintf("%s:%d", path, g.Line)
	if byNumber {
		c.byRound[g.Round] = g.Line
	}
	return "", false
}

// refusedForResume is the error of a resume that meets a game that does
// not check out.
func refusedForResume(bad error) error {
	return fmt.Errorf("%w: autoplay resumes only from games that check out (was the file edited?); move the game out of the file, or start afresh", bad)
}
