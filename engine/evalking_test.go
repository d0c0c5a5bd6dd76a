package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// attackMapsOf gathers both sides' attack maps as Evaluate does.
func attackMapsOf(p *chess.Position) *attackMaps {
	var am attackMaps
	evalSide(p, chess.White, &am, 0)
	evalSide(p, chess.Black, &am, 0)
	return &am
}

func TestShelterAndStormByFile(t *testing.T) {
	tests := []struct {
		name, fen string
		us        chess.Color
		// by file around the king, left to right
		own, storm [3]int
		blocked    [3]bool
	}{
		{"full shelter", "6k1/8/8/8/8/8/5PPP/6K1 w - - 0 1", chess.White, [3]int{1, 1, 1}, [3]int{}, [3]bool{}},
		{"g3, h pawn gone, storm on g and h", "6k1/8/8/8/6pp/6P1/5P2/6K1 w - - 0 1", chess.White,
			[3]int{1, 2, 0}, [3]int{0, 3, 3}, [3]bool{false, true, false}},
		{"black, the same mirrored", "6k1/5p2/6p1/6PP/8/8/8/6K1 b - - 0 1", chess.Black,
			[3]int{1, 2, 0}, [3]int{0, 3, 3}, [3]bool{false, true, false}},
		{"king on the edge takes the three nearest files", "k7/pp6/8/8/8/8/8/7K b - - 0 1", chess.Black,
			[3]int{1, 1, 0}, [3]int{}, [3]bool{}},
		{"pawns behind the king do not shelter it", "8/8/8/8/8/4K3/3PPP2/k7 w - - 0 1", chess.White,
			[3]int{}, [3]int{}, [3]bool{}},
	}
	for _, tc := range tests {
		p, err := chess.ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		k := p.KingSquare(tc.us)
		lo, hi := shelterFiles(k.File())
		if hi-lo != 2 {
			t.Fatalf("%s: files %d..%d", tc.name, lo, hi)
		}
		for i := range 3 {
			own, storm, blocked := shelterIndex(p, tc.us, k, lo+i)
			if own != tc.own[i] || storm != tc.storm[i] || blocked != tc.blocked[i] {
				t.Errorf("%s: file %c: own %d storm %d blocked %v, want %d %d %v",
					tc.name, 'a'+lo+i, own, storm, blocked, tc.own[i], tc.storm[i], tc.blocked[i])
			}
		}
	}
}

func TestKingThreatsCountSafeChecks(t *testing.T) {
	tests := []struct {
		name, fen string
		checks    [7]int32
		weak      int32
	}{
		// d8 is a safe queen check; nothing of White's reaches the zone.
		{"queen check on the back rank", "6k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", [7]int32{chess.Queen: 1}, 0},
		// the rook on a8 guards d8: no longer safe.
		{"guarded by a rook", "r5k1/5ppp/8/8/8/8/5PPP/3Q2K1 w - - 0 1", [7]int32{}, 0},
		// Ne7 and Nh6 are safe knight checks (no black piece guards e7
		// or h6). The knight's g7 and the queen's h7 are zone squares only
		// the king guards: weak. No safe queen check: Qxh7 is guarded by
		// the king and the queen alone attacks h7; Qxg6 by two pawns.
		{"knight and queen", "6k1/5p1p/6p1/5N1Q/8/8/5PPP/6K1 w - - 0 1", [7]int32{chess.Knight: 2}, 2},
		// A second attacker of h7, the knight from g5, makes Qxh7 a safe
		// check (weak and attacked twice); the knight has no check of its
		// own; f7 and h7 are weak.
		{"knight backs the queen's check", "6k1/5p1p/6p1/6NQ/8/8/5PPP/6K1 w - - 0 1", [7]int32{chess.Queen: 1}, 2},
	}
	for _, tc := range tests {
		p, err := chess.ParseFEN(tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		weak, checks := kingThreats(p, chess.White, attackMapsOf(p))
		if checks != tc.checks || weak != tc.weak {
			t.Errorf("%s: checks %v weak %d, want %v %d", tc.name, checks, weak, tc.checks, tc.weak)
		}
	}
}

// Squares two pawns attack are attacked twice; one pawn's, once: d2 and
// f2 attack c3, e3 (twice) and g3.
func TestPawnAttacksCountTwice(t *testing.T) {
	var am attackMaps
	am.addPawns(chess.White, chess.SquareSet(chess.Square(11))|chess.SquareSet(chess.Square(13))) // d2, f2
	e3 := chess.Square(20)
	if !am.twice[chess.White].Has(e3) || am.twice[chess.White]&^chess.SquareSet(e3) != 0 {
		t.Errorf("twice %x: want e3 alone", uint64(am.twice[chess.White]))
	}
	if am.all[chess.White].Count() != 3 || am.by[chess.White][chess.Pawn] != am.all[chess.White] {
		t.Errorf("all %x", uint64(am.all[chess.White]))
	}
}
