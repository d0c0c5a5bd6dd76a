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

// variantWalks is how many random games each variant's check plays; a
// position every few plies of each is compared.
const variantWalks = 10

func TestVariantPerftMatchesFairyStockfish(t *testing.T) {
	walks, depth := variantWalks, 2
	if raceEnabled {
		walks = variantWalks / 2
	}
	if n, err := strconv.Atoi(os.Getenv("AUTOPLAY_VARIANT_SWEEP")); err == nil && n > 0 {
		walks, depth = n, 3
	}
	sf := ucitest.FairyStockfish(t)
	declared := sf.Variants()
	for _, v := range Variants()[1:] {
		for _, c960 := range []bool{false, true} {
			if c960 && !v.HasChess960() {
				continue
			}
			name := v.String()
			if c960 {
				name += "960"
			}
			t.Run(name, func(t *testing.T) {
				if !slices.Contains(declared, v.String()) {
					t.Skipf("this Fairy-Stockfish has no %s (Debian's 11.1 has no atomic); AUTOPLAY_FAIRY_STOCKFISH may name a newer build", v)
				}
				if c960 && v == Giveaway && !slices.Contains(declared, "atomic") {
					t.Skip("Debian's Fairy-Stockfish 11.1 (it has no atomic) looks for giveaway960's castling king on the e-file; newer builds agree with this core")
				}
				sf.Send("setoption name UCI_Variant value %s", v)
				sf.Send("setoption name UCI_Chess960 value %v", c960)
				sf.Send("isready")
				sfUntil(t, sf, "readyok", nil)
				rng := rand.New(rand.NewPCG(53, uint64(v)))
				begin := func() *Position {
					if !c960 {
						return NewVariantPosition(v)
					}
					p, err := ParseVariantFEN(v, v.Chess960StartFEN(rng.IntN(960)))
					if err != nil {
						t.Fatal(err)
					}
					p.SetChess960(true)
					return p
				}
				compared := 0
				compare := func(p *Position, d int) {
					t.Helper()
					compareDivide(t, sf, p, d)
					compared++
				}
				compare(begin(), depth+1)
				for w := 0; w < walks; w++ {
					p := begin()
					plies := 10 + rng.IntN(70)
					for ply := 1; ply <= plies; ply++ {
						var ml MoveList
						p.GenerateLegal(&ml)
						if ml.n == 0 {
							break
						}
						p.MakeMove(ml.Moves()[rng.IntN(ml.n)])
						if ply%6 == 0 || ply == plies {
							compare(p, depth)
						}
					}
				}
				t.Logf("%s: %d positions match Fairy-Stockfish", name, compared)
			})
		}
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
	q.SetChess960(p.Chess960())
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

// fsf11Counts are the table's counts where Debian's Fairy-Stockfish 11.1
// differs from newer ones: it lets Black move on after White's king
// reached the eighth rank even when Black's cannot follow, where newer
// builds (and lichess) end the game at once, as this core does.
var fsf11Counts = map[string]uint64{"1K6/8/8/8/8/8/6k1/8 b - - 0 1": 8}

func TestVariantPerftTableMatchesFairyStockfish(t *testing.T) {
	sf := ucitest.FairyStockfish(t)
	declared := sf.Variants()
	for _, tc := range variantPerftTable {
		if !slices.Contains(declared, tc.variant) {
			t.Logf("this Fairy-Stockfish has no %s: %q not asked", tc.variant, tc.fen)
			continue
		}
		sf.Send("setoption name UCI_Variant value %s", tc.variant)
		sf.Send("isready")
		sfUntil(t, sf, "readyok", nil)
		sf.Send("position fen %s", tc.fen)
		sf.Send("go perft %d", tc.depth)
		line := sfUntil(t, sf, "Nodes searched", nil)
		n, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(line, "Nodes searched:")), 10, 64)
		if err != nil {
			t.Fatalf("Fairy-Stockfish's %q: %v", line, err)
		}
		if n != tc.nodes && fsf11Counts[tc.fen] != n {
			t.Errorf("%s %q: perft(%d) %d in the table, Fairy-Stockfish %d", tc.variant, tc.fen, tc.depth, tc.nodes, n)
		}
	}
}
