package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/runner/spec"
)

const polyglotPath = "/usr/games/polyglot"

// polyglotBook makes a Polyglot book from PGN games with Debian's polyglot.
func polyglotBook(t *testing.T, pgnPath string) string {
	t.Helper()
	needEngine(t, polyglotPath)
	bin := filepath.Join(t.TempDir(), "book.bin")
	out, err := exec.Command(polyglotPath, "make-book", "-pgn", pgnPath, "-bin", bin, "-max-ply", "12", "-min-game", "1").CombinedOutput()
	if err != nil {
		t.Fatalf("polyglot make-book: %v\n%s", err, out)
	}
	return bin
}

// A Polyglot book as the opening suite: each game pair starts with book
// moves for both sides, chosen by weight from the run's seed, up to plies;
// the same seed draws the same lines.
func TestPolyglotBookOpenings(t *testing.T) {
	needStockfish(t)
	book := polyglotBook(t, "../pgn/testdata/8moves_head.pgn")
	data, _ := os.ReadFile(book)
	pb, err := chess.ParsePolyglot(data)
	if err != nil {
		t.Fatal(err)
	}
	lines := func(seed uint64) []string {
		run := runMatch(t, spec.Config{
			Engines: []spec.EngineConfig{
				engineSpec(t, "cmd="+stockfishPath+" name=a nodes=200 option.Hash=4"),
				engineSpec(t, "cmd="+stockfishPath+" name=b nodes=200 option.Hash=4"),
			},
			Schedule:     spec.Schedule{Games: 6, Seed: seed, Openings: spec.OpeningsConfig{File: book, Plies: 6}},
			Adjudication: spec.Adjudication{MaxMoves: 4},
		})
		if run.err != nil {
			t.Fatal(run.err)
		}
		var out []string
		for _, g := range parseGames(t, run.pgn) {
			// The book plies are the ones commented {book}.
			plies := strings.Fields(sanOnlyWithBook(g.moves))
			if len(plies) != 6 {
				t.Fatalf("game %s: %d book plies, want 6: %s", g.tags["Round"], len(plies), g.moves)
			}
			// Every book ply is a move the book gives in its position.
			pos := chess.NewPosition()
			for _, san := range plies {
				m, err := pos.ParseSAN(san)
				if err != nil {
					t.Fatal(err)
				}
				found := false
				for _, wm := range pb.Moves(pos, nil) {
					found = found || wm.Move == m
				}
				if !found {
					t.Errorf("game %s: %s is not a book move in %s", g.tags["Round"], san, pos.FEN())
				}
				pos.MakeMove(m)
			}
			out = append(out, strings.Join(plies, " "))
		}
		for i := 0; i+1 < len(out); i += 2 {
			if out[i] != out[i+1] {
				t.Errorf("a pair's games start differently: %q, %q", out[i], out[i+1])
			}
		}
		return out
	}
	first, again := lines(1), lines(1)
	if strings.Join(first, "|") != strings.Join(again, "|") {
		t.Errorf("the same seed drew other lines:\n%v\n%v", first, again)
	}
}

// sanOnlyWithBook keeps the moves commented {book} of a movetext.
func sanOnlyWithBook(movetext string) string {
	var keep []string
	toks := strings.Fields(movetext)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i+1] == "{book}" {
			tok := toks[i]
			if j := strings.LastIndex(tok, "."); j >= 0 {
				tok = tok[j+1:]
			}
			keep = append(keep, tok)
		}
	}
	return strings.Join(keep, " ")
}
