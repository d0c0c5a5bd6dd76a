package game

import (
	"math/rand/v2"
	"testing"

	"github.com/notnil/chess"

	"github.com/autoplay/autoplay/protocol"
)

// TestBitboardRulesAgreeWithNotnil plays random games and checks at every
// ply that the bitboard core accepts the same moves, spells them the same in
// SAN, and ends games the same way as notnil/chess (the oracle). Moves are
// biased towards captures and king moves so that endings of every kind —
// mates, stalemates, bare kings, fifty moves, repetitions — turn up.
func TestBitboardRulesAgreeWithNotnil(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 30
	}
	rng := rand.New(rand.NewPCG(7, 11))
	endings := map[Status]int{}
	for g := 0; g < games; g++ {
		oracle, _ := NotnilRules{}.NewBoard("")
		fast, _ := BitboardRules{}.NewBoard("")
		replay, _ := BitboardRules{}.NewBoard("") // played with PlaySAN, as the PGN writer does
		pos := chess.StartingPosition()
		for ply := 0; ; ply++ {
			want, got := oracle.Status(), fast.Status()
			if want != got {
				t.Fatalf("game %d ply %d: status %d, oracle %d (FEN %s)", g, ply, got, want, oracle.FEN())
			}
			if want != Ongoing || ply >= 600 {
				endings[want]++
				break
			}
			legal := pos.ValidMoves()
			m := pickMove(rng, legal)
			pm := protocol.MustParseMove(chess.UCINotation{}.Encode(pos, m))
			wantSAN, _ := oracle.SAN(pm)
			gotSAN, err := fast.SAN(pm)
			if err != nil || gotSAN != wantSAN {
				t.Fatalf("game %d ply %d: SAN of %s = %q, %v; oracle %q (FEN %s)", g, ply, pm, gotSAN, err, wantSAN, oracle.FEN())
			}
			kept, err := fast.Play(pm)
			if err != nil {
				t.Fatalf("game %d ply %d: %s rejected (FEN %s)", g, ply, pm, oracle.FEN())
			}
			if san, err := replay.PlaySAN(pm); err != nil || san != wantSAN || replay.FEN() != fast.FEN() {
				t.Fatalf("game %d ply %d: PlaySAN of %s = %q, %v, to %s; oracle %q, to %s", g, ply, pm, san, err, replay.FEN(), wantSAN, fast.FEN())
			}
			if want, _ := oracle.Play(pm); kept != want {
				t.Fatalf("game %d ply %d: %s kept as %v, oracle %v", g, ply, pm, kept, want)
			}
			pos = pos.Update(m)
			// A move that is not legal must be refused by both.
			if _, err := fast.Play(protocol.MustParseMove("a1a1")); err == nil {
				t.Fatalf("the bitboard core accepted a1a1")
			}
		}
	}
	t.Logf("endings: %v", endings)
	if endings[Checkmate] == 0 || endings[InsufficientMaterial] == 0 {
		t.Errorf("random games should reach mates and bare kings: %v", endings)
	}
}

func pickMove(rng *rand.Rand, legal []*chess.Move) *chess.Move {
	for _, m := range legal {
		if m.HasTag(chess.Check) && rng.IntN(3) == 0 {
			return m
		}
	}
	for _, m := range legal {
		if m.HasTag(chess.Capture) && rng.IntN(2) == 0 {
			return m
		}
	}
	return legal[rng.IntN(len(legal))]
}
