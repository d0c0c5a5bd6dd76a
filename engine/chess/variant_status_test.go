package chess

import "testing"

// Each variant's own endings, and who wins them.
func TestVariantOutcomes(t *testing.T) {
	tests := []struct {
		variant Variant
		fen     string
		moves   []string
		status  Status
		result  Result
	}{
		{Standard, "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", []string{"d8h4"}, Checkmate, BlackWins},
		{Crazyhouse, "6k1/5ppp/8/8/8/8/5PPP/6K1[R] w - - 0 1", []string{"R@e8"}, Checkmate, WhiteWins},
		{Crazyhouse, "6k1/5ppp/8/8/8/8/5PPP/6K1[Rn] w - - 0 1", []string{"R@e8"}, Ongoing, NoResult}, // N@f8 blocks
		{Antichess, "8/8/8/8/8/8/8/1r5R w - - 0 1", []string{"h1b1"}, PiecesLost, BlackWins},
		{Antichess, "8/8/8/8/8/p7/P7/8 b - - 0 1", nil, Stalemate, BlackWins},
		{Giveaway, "8/8/8/8/8/p7/P7/8 b - - 0 1", nil, Stalemate, BlackWins},
		{Suicide, "8/8/8/8/8/p7/P7/8 b - - 0 1", nil, Stalemate, Draw},
		{Suicide, "8/8/8/8/8/p7/P7/7N b - - 0 1", nil, Stalemate, BlackWins},
		{Suicide, "8/8/8/8/8/p6p/P6P/8 w - - 0 1", nil, Stalemate, Draw},
		{Losers, "rnbqkbnr/ppppp2p/5p2/6p1/4P3/8/PPPP1PPP/RNBQKBNR w KQkq g6 0 3", []string{"d1h5"}, Checkmate, BlackWins},
		{Losers, "4k3/8/8/8/8/8/3q4/4KN2 w - - 0 1", []string{"f1d2"}, PiecesLost, BlackWins},
		{Atomic, "4k3/4q3/8/8/8/8/8/4RK2 w - - 0 1", []string{"e1e7"}, KingExploded, WhiteWins},
		{ThreeCheck, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 1+3 0 2", []string{"f1b5"}, ChecksGiven, WhiteWins},
		{ThreeCheck, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 2+3 0 2", []string{"f1b5"}, Ongoing, NoResult},
		{FiveCheck, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2 +4+0", []string{"f1b5"}, ChecksGiven, WhiteWins},
		{KingOfTheHill, "8/8/8/8/8/2K5/8/k7 w - - 0 1", []string{"c3d4"}, KingOnHill, WhiteWins},
		{RacingKings, "8/1K6/8/8/8/8/6k1/8 w - - 0 1", []string{"b7b8"}, KingRaced, WhiteWins},
		{RacingKings, "8/1K4k1/8/8/8/8/8/8 w - - 0 1", []string{"b7b8"}, Ongoing, NoResult},
		{RacingKings, "8/1K4k1/8/8/8/8/8/8 w - - 0 1", []string{"b7b8", "g7g8"}, KingRaced, Draw},
		{RacingKings, "8/6k1/1K6/8/8/8/8/8 b - - 0 1", []string{"g7g8"}, KingRaced, BlackWins},
		{Horde, "4k3/8/8/8/8/8/3P4/4q3 b - - 0 1", []string{"e1d2"}, PiecesLost, BlackWins},
		{Horde, "4k3/8/8/8/8/8/3P4/4q3 b - - 0 1", []string{"e1e2"}, Ongoing, NoResult},
		{ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1", nil, InsufficientMaterial, Draw},
		{ThreeCheck, "4k3/8/8/8/8/8/8/4KN2 w - - 3+3 0 1", nil, Ongoing, NoResult},
		{KingOfTheHill, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", nil, Ongoing, NoResult},
		{Atomic, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", nil, InsufficientMaterial, Draw},
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3[] w - - 0 1", nil, InsufficientMaterial, Draw},
		{Crazyhouse, "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1", nil, Ongoing, NoResult},
		{NoCastling, "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", nil, InsufficientMaterial, Draw},
		{Antichess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", nil, Ongoing, NoResult},
	}
	for _, tc := range tests {
		p, err := ParseVariantFEN(tc.variant, tc.fen)
		if err != nil {
			t.Fatalf("%s: %v", tc.variant, err)
		}
		for _, u := range tc.moves {
			m, ok := p.ParseUCI(u)
			if !ok {
				t.Fatalf("%s %q: %s is not legal", tc.variant, tc.fen, u)
			}
			p.MakeMove(m)
		}
		st, r := p.Outcome()
		if st != tc.status || r != tc.result {
			t.Errorf("%s %q after %v: %s %s, want %s %s", tc.variant, tc.fen, tc.moves, st, r, tc.status, tc.result)
		}
		if p.Status() != st {
			t.Errorf("%s %q after %v: Status %s, Outcome %s", tc.variant, tc.fen, tc.moves, p.Status(), st)
		}
	}
}

// A promoted piece goes back to the pocket as the pawn it was; other
// captures as what they are; drops come out of it.
func TestCrazyhousePocket(t *testing.T) {
	p, err := ParseVariantFEN(Crazyhouse, "r3k3/8/8/8/8/8/8/Q~3K3[N] b q - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsPromoted(MakeSquare(0, 0)) {
		t.Fatal("a1's queen is not marked promoted")
	}
	m, _ := p.ParseUCI("a8a1")
	p.MakeMove(m)
	if p.InPocket(Black, Pawn) != 1 || p.InPocket(Black, Queen) != 0 {
		t.Errorf("Black's pocket after taking a promoted queen: %d pawns, %d queens; want 1, 0", p.InPocket(Black, Pawn), p.InPocket(Black, Queen))
	}
	if got, want := p.FEN(), "4k3/8/8/8/8/8/8/r3K3[Np] w - - 0 2"; got != want {
		t.Errorf("FEN %q, want %q", got, want)
	}
	m, ok := p.ParseUCI("N@b1")
	if !ok {
		t.Fatal("N@b1 is not legal")
	}
	if got := string(m.AppendUCI(nil, false)); got != "N@b1" {
		t.Errorf("the drop writes as %q", got)
	}
	if got := p.SAN(m); got != "N@b1" {
		t.Errorf("the drop's SAN is %q", got)
	}
	p.MakeMove(m)
	if p.InPocket(White, Knight) != 0 {
		t.Error("the dropped knight is still in the pocket")
	}
	p.UnmakeMove()
	p.UnmakeMove()
	if got, want := p.FEN(), "r3k3/8/8/8/8/8/8/Q~3K3[N] b q - 0 1"; got != want {
		t.Errorf("after unmaking: FEN %q, want %q", got, want)
	}
}

// Checks are counted for the side that gives them, and a promotion to
// king is spelled as SAN spells promotions.
func TestCheckCountersAndKingPromotion(t *testing.T) {
	p, err := ParseVariantFEN(ThreeCheck, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 3+3 0 2")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseUCI("f1b5")
	p.MakeMove(m)
	if p.ChecksLeft(White) != 2 || p.ChecksLeft(Black) != 3 {
		t.Errorf("after Bb5+: %d+%d checks left, want 2+3", p.ChecksLeft(White), p.ChecksLeft(Black))
	}
	q, err := ParseVariantFEN(Antichess, "8/P7/8/8/8/8/8/7n w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	m, ok := q.ParseUCI("a7a8k")
	if !ok {
		t.Fatal("a7a8k is not legal in antichess")
	}
	if got := q.SAN(m); got != "a8=K" {
		t.Errorf("SAN of a7a8k: %q", got)
	}
	if _, ok := NewPosition().ParseUCI("P@e4"); ok {
		t.Error("a drop is legal in chess")
	}
}
