package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// evalAttackMaps is both sides' attack maps of fen as Evaluate builds them.
func evalAttackMaps(t *testing.T, fen string) (*chess.Position, *attackMaps) {
	t.Helper()
	p, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var am attackMaps
	evalSide(p, chess.White, &am, 0)
	evalSide(p, chess.Black, &am, 0)
	return p, &am
}

func TestHangingCountsUndefendedAttackedPieces(t *testing.T) {
	for _, c := range []struct {
		fen          string
		white, black int32
	}{
		{"4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", 1, 0},    // the rook attacks the lone knight
		{"4k3/4p3/3n4/8/8/8/8/3RK3 w - - 0 1", 0, 0},  // the pawn defends it
		{"4k3/8/8/3n4/8/8/8/3QK3 b - - 0 1", 1, 0},    // whoever is to move
		{"3qk3/8/8/3n4/8/8/8/3QK3 w - - 0 1", 0, 0},   // the queen behind it defends it
		{"4k3/8/8/1b1n4/8/3R4/8/4K3 w - - 0 1", 1, 1}, // each attacks the other's loose piece
	} {
		p, am := evalAttackMaps(t, c.fen)
		if w, b := hangingCount(p, chess.White, am), hangingCount(p, chess.Black, am); w != c.white || b != c.black {
			t.Errorf("%s: hanging %d for White, %d for Black; want %d, %d", c.fen, w, b, c.white, c.black)
		}
	}
}

func TestFreePassedStepsNeedAnEmptyUnattackedSquareAhead(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want int32
	}{
		{"4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", 2},   // d5: two ranks beyond the 3rd
		{"8/4k3/8/3P4/8/8/8/4K3 w - - 0 1", 0},   // the king attacks d6
		{"4k3/8/3n4/3P4/8/8/8/4K3 w - - 0 1", 0}, // d6 is occupied
		{"4k3/8/8/8/8/3P4/8/4K3 w - - 0 1", 0},   // d3: not yet on the 4th rank
		{"6k1/1P6/8/8/8/3P4/8/4K3 w - - 0 1", 4},
	} {
		p, am := evalAttackMaps(t, c.fen)
		_, passed := pawnStructure(p, chess.White)
		if got := freePassedSteps(p, chess.White, am, passed); got != c.want {
			t.Errorf("%s: %d free steps, want %d", c.fen, got, c.want)
		}
	}
}

func TestBackwardPawns(t *testing.T) {
	p, err := chess.ParseFEN("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	ours, theirs := p.Pieces(chess.White, chess.Pawn), p.Pieces(chess.Black, chess.Pawn)
	stoppers := theirs | pawnAttacks(chess.Black, theirs)
	for _, c := range []struct {
		sq   chess.Square
		want bool
	}{
		{chess.Square(19), true},  // d3: c4 is ahead of it and e5 attacks d4
		{chess.Square(26), false}, // c4: d3 can come up beside it
	} {
		if got := backward(chess.White, c.sq, ours, stoppers); got != c.want {
			t.Errorf("pawn on %v: backward %v, want %v", c.sq, got, c.want)
		}
	}
}

func TestMinorsBehindPawnsAndBishopPawns(t *testing.T) {
	p, err := chess.ParseFEN("4k3/8/3p1n2/3N1p2/8/8/P1P5/2B1K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if w, b := minorsBehindPawns(p, chess.White), minorsBehindPawns(p, chess.Black); w != 2 || b != 1 {
		t.Errorf("minors behind pawns: White %d, Black %d; want 2 (d5, c1), 1 (f6)", w, b)
	}
	// c1 is dark: a2 and c2 are light.
	if n := pawnsOnColourOf(chess.Square(2), p.Pieces(chess.White, chess.Pawn)); n != 0 {
		t.Errorf("%d white pawns on the c1 bishop's colour, want 0", n)
	}
	if n := pawnsOnColourOf(chess.Square(1), p.Pieces(chess.White, chess.Pawn)); n != 2 {
		t.Errorf("%d white pawns on b1's colour, want 2", n)
	}
}
