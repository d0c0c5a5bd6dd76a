package chess

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/notnil/chess"
)

// TestRandomPlayoutsAgreeWithNotnilChess plays random games and checks, at
// every ply, that this move generator and notnil/chess's agree on the set of
// legal moves and on their SAN, and that the incremental hash equals the
// hash of the position rebuilt from its FEN.
func TestRandomPlayoutsAgreeWithNotnilChess(t *testing.T) {
	starts := []string{
		StartFEN,
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	}
	games := 6
	if testing.Short() {
		games = 3
	}
	for si, fen := range starts {
		for g := 0; g < games; g++ {
			rng := rand.New(rand.NewSource(int64(si*1000 + g)))
			p, err := ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			opt, err := chess.FEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			ref := chess.NewGame(opt).Position()
			for ply := 0; ply < 120; ply++ {
				var ml MoveList
				p.GenerateLegal(&ml)
				var mine, theirs []string
				sanOf := map[string]string{}
				for _, m := range ml.Moves() {
					u := m.UCI()
					mine = append(mine, u)
					sanOf[u] = p.SAN(m)
				}
				for _, m := range ref.ValidMoves() {
					u := m.String()
					theirs = append(theirs, u)
					if want := (chess.AlgebraicNotation{}).Encode(ref, m); sanOf[u] != want {
						t.Errorf("%s: SAN of %s = %q, notnil says %q", p.FEN(), u, sanOf[u], want)
					}
				}
				slices.Sort(mine)
				slices.Sort(theirs)
				if !slices.Equal(mine, theirs) {
					t.Fatalf("%s: moves differ\nmine:   %v\nnotnil: %v", p.FEN(), mine, theirs)
				}
				q, err := ParseFEN(p.FEN())
				if err != nil {
					t.Fatalf("FEN %q does not parse back: %v", p.FEN(), err)
				}
				if q.Hash() != p.Hash() {
					t.Fatalf("%s: incremental hash %x, rebuilt %x", p.FEN(), p.Hash(), q.Hash())
				}
				if ml.n == 0 {
					break
				}
				m := ml.Moves()[rng.Intn(ml.n)]
				// Take notnil's own move value: its UCI decoder leaves out the
				// check tag its next position relies on.
				var refMove *chess.Move
				for _, rm := range ref.ValidMoves() {
					if rm.String() == m.UCI() {
						refMove = rm
					}
				}
				p.MakeMove(m)
				ref = ref.Update(refMove)
			}
		}
	}
}
