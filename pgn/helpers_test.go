package pgn

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/notnil/chess"
)

// pgnExtract returns the path of the real pgn-extract, skipping the test
// when it is not installed.
func pgnExtract(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/games/pgn-extract", "/usr/bin/pgn-extract"} {
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("pgn-extract"); err == nil {
		return p
	}
	t.Skip("pgn-extract is not installed")
	return ""
}

// playedGame plays up to plies legal moves from fen ("" = initial
// position), choosing among legal moves with a fixed pseudo-random sequence
// so the game is reproducible, and returns it with the given comments
// cycling over the moves and the result the final position calls for.
func playedGame(t testing.TB, seed uint64, fen string, plies int, comments ...string) Game {
	t.Helper()
	pos := chess.StartingPosition()
	if fen != "" {
		pos = new(chess.Position)
		if err := pos.UnmarshalText([]byte(fen)); err != nil {
			t.Fatal(err)
		}
	}
	g := Game{StartFEN: fen, Result: "*", Ending: "Game adjourned"}
	for len(g.Moves) < plies {
		moves := pos.ValidMoves()
		if len(moves) == 0 {
			break
		}
		seed = seed*6364136223846793005 + 1442695040888963407
		mv := moves[(seed>>33)%uint64(len(moves))]
		m := Move{SAN: chess.AlgebraicNotation{}.Encode(pos, mv)}
		if len(comments) > 0 {
			m.Comment = comments[len(g.Moves)%len(comments)]
		}
		g.Moves = append(g.Moves, m)
		pos = pos.Update(mv)
	}
	switch pos.Status() {
	case chess.Checkmate:
		g.Result, g.Ending = "1-0", "White mates"
		if pos.Turn() == chess.White {
			g.Result, g.Ending = "0-1", "Black mates"
		}
	case chess.Stalemate:
		g.Result, g.Ending = "1/2-1/2", "Draw by stalemate"
	}
	return g
}

func itoa(n int) string { return strconv.Itoa(n) }

func errorsAs(err error, target any) bool { return errors.As(err, target) }

// readAllResults collects what readAll hands over, as ReadResults does.
func readAllResults(r *resultReader, f io.Reader, chunk int) (games []GameResult, complete int64, err error) {
	complete, err = r.readAll(f, chunk, func(g GameResult, _ []byte) error {
		games = append(games, g)
		return nil
	})
	return games, complete, err
}

// writeGames writes games to a new file at path, as a run's PGN holds them.
func writeGames(t *testing.T, path string, games ...Game) {
	t.Helper()
	var text []byte
	for i := range games {
		text = games[i].AppendTo(text)
	}
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
}
