package chess

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/ucitest"
)

// The variants' perft proved against Fairy-Stockfish's, move by move: its
// start position and positions reached by seeded random play with this
// generator, each compared as the list of legal moves with each one's
// perft below it. AUTOPLAY_VARIANT_SWEEP=N plays N walks per variant
// instead of the suite's few and goes a ply deeper.

// variantWalks is how many random games each variant's sweep plays, and
// the plies of each game compared along the way.
const variantWalks = 6

func TestVariantPerftMatchesFairyStockfish(t *testing.T) {
	walks, depth := variantWalks, 2
	if n, err := strconv.Atoi(os.Getenv("AUTOPLAY_VARIANT_SWEEP")); err == nil && n > 0 {
		walks, depth = n, 3
	}
	for _, v := range Variants()[1:] {
		t.Run(v.String(), func(t *testing.T) {
			// One process per variant: Fairy-Stockfish 11.1 keeps
			// losers' forced captures when switched to atomic.
			sf := ucitest.FairyStockfish(t, "UCI_Variant="+v.String())
			rng := rand.New(rand.NewPCG(53, uint64(v)))
			compared := 0
			compare := func(p *Position, d int) {
				t.Helper()
				compareDivide(t, sf, p, d)
				compared++
			}
			compare(NewVariantPosition(v), depth+1)
			for w := 0; w < walks; w++ {
				p := NewVariantPosition(v)
				plies := 10 + rng.IntN(70)
				for ply := 1; ply <= plies; ply++ {
					var ml MoveList
					p.GenerateLegal(&ml)
					if ml.n == 0 {
						break
					}
					p.MakeMove(ml.moves[rng.IntN(ml.n)])
					if ply%8 == 0 || ply == plies {
						compare(p, depth)
					}
				}
			}
			t.Logf("%s: %d positions match Fairy-Stockfish", v, compared)
		})
	}
}

// compareDivide fails the test where p's legal moves or the perft below any
// of them differ from Fairy-Stockfish's.
func compareDivide(t *testing.T, sf *ucitest.Session, p *Position, depth int) {
	t.Helper()
	fen := p.FEN()
	q, err := ParseVariantFEN(p.Variant(), fen)
	if err != nil {
		t.Fatalf("our own FEN does not read back: %v", err)
	}
	if q.FEN() != fen {
		t.Fatalf("FEN %q reads back as %q", fen, q.FEN())
	}
	want := map[string]uint64{}
	sf.Send("position fen %s", fen)
	sf.Send("go perft %d", depth)
	sfUntil(t, sf, "Nodes searched", func(line string) {
		mv, n, ok := strings.Cut(line, ": ")
		if !ok {
			return
		}
		if c, err := strconv.ParseUint(strings.TrimSpace(n), 10, 64); err == nil {
			want[mv] = c
		}
	})
	got := map[string]uint64{}
	var ml MoveList
	q.GenerateLegal(&ml)
	for _, m := range ml.Moves() {
		q.MakeMove(m)
		got[string(m.AppendUCI(nil, q.Chess960()))] = q.Perft(depth - 1)
		q.UnmakeMove()
	}
	var diffs []string
	for mv, n := range want {
		if g, ok := got[mv]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s missing (Fairy-Stockfish: %d)", mv, n))
		} else if g != n {
			diffs = append(diffs, fmt.Sprintf("%s: %d, Fairy-Stockfish %d", mv, g, n))
		}
	}
	for mv, n := range got {
		if _, ok := want[mv]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s (%d) is not legal for Fairy-Stockfish", mv, n))
		}
	}
	if len(diffs) > 0 {
		slices.Sort(diffs)
		t.Fatalf("%s %q perft %d differs:\n%s", p.Variant(), fen, depth, strings.Join(diffs, "\n"))
	}
}
