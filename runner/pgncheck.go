package runner

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Resume and `autoplay stats` read results back from a PGN. Each finished
// game is replayed with the record checker (checkPlay), and a game whose
// tags and moves are another's is counted once: both count the same games
// of the same file.

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
		g := &readBackGame{GameResult: r, outcome: outcome}
		o, err := pgn.ReadGameMoves(text, path, r.Line)
		if err != nil {
			g.bad, g.digest = err, sha256.Sum256(text)
			return each(g)
		}
		g.digest = gameDigest(text, o.Moves, r.Result)
		g.bad = checkPGNGame(&g.GameResult, outcome, o, path, rules(&g.GameResult))
		return each(g)
	})
}

// gameDigest identifies a game by its tags, moves and result, whatever its
// comments and line breaks: a copy is the same tags and moves again.
func gameDigest(text []byte, moves []protocol.Move, result string) [sha256.Size]byte {
	h := sha256.New()
	for line := range bytes.Lines(text) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] != '[' {
			break
		}
		h.Write(line)
		h.Write([]byte{'\n'})
	}
	var buf []byte
	for _, m := range moves {
		buf = append(m.AppendTo(buf), ' ')
	}
	h.Write(buf)
	h.Write([]byte(result))
	var d [sha256.Size]byte
	h.Sum(d[:0])
	return d
}

// checkPGNGame replays one game's moves as the record checker does.
func checkPGNGame(r *pgn.GameResult, outcome record.Outcome, o pgn.Opening, path string, run endingRules) error {
	rec := &record.GameRecord{Number: r.Round, StartFEN: o.FEN, Outcome: outcome, Ending: r.Ending}
	if o.Chess960 {
		rec.Variant = spec.Chess960
	}
	if o.Variant != chess.Standard {
		name := o.Variant.String()
		if o.Chess960 {
			name += "960"
		}
		rec.Variant, _ = spec.ParseVariant(name) // the reader took the name
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

// copies tells a game that repeats an earlier one: the same tags and
// moves, or (for resume) the same number.
type copies struct {
	byRound map[int]int                  // number -> line of the first
	byText  map[[sha256.Size]byte]string // digest -> file:line of the first
}

// copyOf says whether g is a copy of a game seen before (the same tags and
// moves), in words for a warning; it remembers g otherwise.
func (c *copies) copyOf(g *readBackGame, path string) (string, bool) {
	if c.byText == nil {
		c.byRound, c.byText = map[int]int{}, map[[sha256.Size]byte]string{}
	}
	if first, seen := c.byText[g.digest]; seen {
		return fmt.Sprintf("%s:%d: game %d is a copy of the game at %s: counted once", path, g.Line, g.Round, first), true
	}
	c.byText[g.digest] = fmt.Sprintf("%s:%d", path, g.Line)
	return "", false
}

// numbered says whether g, not a copy, takes the number of a game seen
// before (autoplay numbers each game once, so one of the two was not
// written by the run); it remembers g's number otherwise.
func (c *copies) numbered(g *readBackGame, path string) error {
	if line, seen := c.byRound[g.Round]; seen {
		return fmt.Errorf("%s:%d: game %d has the number of the game at line %d, with other tags or moves: one of them was not written by this run (was the file edited?); move it out of the file, or start afresh", path, g.Line, g.Round, line)
	}
	c.byRound[g.Round] = g.Line
	return nil
}

// refusedForResume is the error of a resume that meets a game that does
// not check out.
func refusedForResume(bad error) error {
	return fmt.Errorf("%w: autoplay resumes only from games that check out (was the file edited?); move the game out of the file, or start afresh", bad)
}
