package chess

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/protocol"
)

func TestParseFENNamesWhatIsWrong(t *testing.T) {
	tests := []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "7 ranks"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "fields"},
		{"rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "White has 0 kings"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "no rook to castle with"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock"},
		{"4k3/8/8/8/8/8/8/4K2R b - - 0 1", ""},
		{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "not to move is in check"},
		{"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn on rank 8"},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: unexpected error %v", tc.fen, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one saying %q", tc.fen, err, tc.want)
		}
	}
}

func TestFENRoundTripsAndKeepsEnPassantOnlyWhenLegal(t *testing.T) {
	tests := []struct{ in, out string }{
		{StartFEN, StartFEN},
		// e3 is not capturable: no black pawn beside e4.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		// d6 is capturable by the e5 pawn.
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"},
		// The capture would expose the king on the rank: not legal.
		{"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1"},
		// Shredder letters for standard rooks read back as KQkq.
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		// X-FEN: an inner rook needs its file letter.
		{"4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FEN(); got != tc.out {
			t.Errorf("FEN(%q) = %q, want %q", tc.in, got, tc.out)
		}
	}
}

func TestRepetitionKeyCountsEnPassantOnlyWhenTheCaptureIsLegal(t *testing.T) {
	pairs := []struct{ a, b string }{
		// Nothing can take on e3.
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		// The c5 pawn is pinned along the rank: the capture is illegal.
		{"8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", "8/8/8/KPp4r/8/8/8/4k3 w - - 0 1"},
	}
	for _, tc := range pairs {
		a, _ := ParseFEN(tc.a)
		b, _ := ParseFEN(tc.b)
		if a.Hash() != b.Hash() {
			t.Errorf("%s and %s hash differently", tc.a, tc.b)
		}
	}
	// A legal en-passant capture makes a different position.
	a, _ := ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")
	b, _ := ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
	if a.Hash() == b.Hash() {
		t.Error("a legal en-passant right does not change the hash")
	}
	// The same position reached by a double push and by two single steps.
	p1, p2 := NewPosition(), NewPosition()
	for _, u := range []string{"e2e4", "g8f6", "g1f3", "f6g8", "f3g1"} {
		p1.MakeMove(mustUCI(t, p1, u))
	}
	for _, u := range []string{"e2e3", "g8f6", "e3e4", "f6g8"} {
		p2.MakeMove(mustUCI(t, p2, u))
	}
	p2.MakeNullMove() // same side to move
	if p1.Hash() != p2.Hash() {
		t.Error("transposed positions hash differently")
	}
}

func TestSANWriteAndParse(t *testing.T) {
	tests := []struct{ fen, uci, san string }{
		{StartFEN, "g1f3", "Nf3"},
		{StartFEN, "e2e4", "e4"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a8", "Rxa8+"},
		{"7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8q", "a8=Q+"},
		{"7k/P7/8/8/8/8/8/K7 w - - 0 1", "a7a8n", "a8=N"},
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", "Rd8#"},
		{"k7/8/8/8/8/8/8/KN3N2 w - - 0 1", "b1d2", "Nbd2"},
		{"k7/8/8/1N6/8/8/8/KN6 w - - 0 1", "b1c3", "N1c3"},
		{"2k5/8/8/8/1Q5Q/8/8/K6Q w - - 0 1", "h4e1", "Qh4e1"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "e5d6", "exd6"},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := p.ParseUCI(tc.uci)
		if !ok {
			t.Fatalf("%s: %s not legal", tc.fen, tc.uci)
		}
		if got := p.SAN(m); got != tc.san {
			t.Errorf("%s: SAN(%s) = %q, want %q", tc.fen, tc.uci, got, tc.san)
		}
		back, err := p.ParseSAN(tc.san)
		if err != nil || back != m {
			t.Errorf("%s: ParseSAN(%q) = %v, %v; want %s", tc.fen, tc.san, back, err, tc.uci)
		}
	}
	p := NewPosition()
	for _, bad := range []string{"Nf4", "e5", "O-O", "Qd9", ""} {
		if _, err := p.ParseSAN(bad); err == nil {
			t.Errorf("ParseSAN(%q) succeeded in the start position", bad)
		}
	}
}

func TestStatusEndsGames(t *testing.T) {
	tests := []struct {
		fen  string
		want Status
	}{
		{StartFEN, Ongoing},
		{"3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1", Checkmate},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate},
		{"7k/8/6K1/8/8/8/8/8 b - - 0 1", InsufficientMaterial},
		{"7k/8/6K1/8/8/2B5/8/8 b - - 0 1", InsufficientMaterial},
		{"7k/8/6K1/8/8/2B5/8/b7 b - - 0 1", InsufficientMaterial}, // bishops on one color
		{"7k/8/6K1/8/8/2B5/b7/8 b - - 0 1", Ongoing},
		{"7k/8/6K1/8/8/2N5/8/1n6 b - - 0 1", Ongoing},
		{"7k/8/6K1/8/8/8/8/6R1 b - - 100 80", FiftyMoveRule},
		{"3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 100 80", Checkmate},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Status(); got != tc.want {
			t.Errorf("%s: status %v, want %v", tc.fen, got, tc.want)
		}
	}
}

func TestThreefoldRepetitionEndsTheGame(t *testing.T) {
	p := NewPosition()
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8"}
	for round := 0; round < 2; round++ {
		for i, u := range shuffle {
			if p.Status() != Ongoing {
				t.Fatalf("round %d move %d: game over early: %v", round, i, p.Status())
			}
			if _, err := p.Play(protocol.MustParseMove(u)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if p.RepetitionCount() != 3 || p.Status() != Repetition {
		t.Errorf("after two shuffles: count %d status %v, want 3 and repetition", p.RepetitionCount(), p.Status())
	}
}

func TestPlayRejectsIllegalMoves(t *testing.T) {
	p := NewPosition()
	for _, u := range []string{"e2e5", "e1g1", "a1a3", "0000"} {
		if _, err := p.Play(protocol.MustParseMove(u)); err == nil {
			t.Errorf("%s accepted in the start position", u)
		}
	}
	if p.FEN() != StartFEN {
		t.Errorf("rejected moves changed the position: %s", p.FEN())
	}
}

func TestChess960CastlingKingAndRookOnAnyFiles(t *testing.T) {
	tests := []struct {
		name, fen, move, after string
	}{
		{"king b1 rook a1, queenside: rook jumps over the king", "4k3/8/8/8/8/8/8/RK5R w AH - 0 1", "b1a1", "4k3/8/8/8/8/8/8/2KR3R b - - 1 1"},
		{"king f1 rook g1: king lands on the rook's square", "4k3/8/8/8/8/8/8/R4KR1 w GA - 0 1", "f1g1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"},
		{"king g1 rook h1: king does not move", "4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "g1h1", "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"},
		{"black king d8 rook c8 long castle", "2rk4/8/8/8/8/8/8/4K3 b c - 0 1", "d8c8", "2kr4/8/8/8/8/8/8/4K3 w - - 1 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			if !p.Chess960() {
				t.Error("non-standard castling setup did not switch Chess960 notation on")
			}
			m, ok := p.ParseUCI(tc.move)
			if !ok || !m.IsCastle() {
				t.Fatalf("%s is not a legal castle here", tc.move)
			}
			h, before := p.Hash(), p.FEN()
			p.MakeMove(m)
			if got := p.FEN(); got != tc.after {
				t.Errorf("after %s: %s, want %s", tc.move, got, tc.after)
			}
			q, _ := ParseFEN(tc.after)
			if q.Hash() != p.Hash() {
				t.Error("incremental hash differs from the FEN's")
			}
			p.UnmakeMove()
			if p.Hash() != h || p.FEN() != before {
				t.Errorf("unmake gave %s", p.FEN())
			}
		})
	}
	// The castling rook on b1 shields c1 from the queen on a1; once it moves
	// to d1 the king on c1 would be in check, so castling is illegal: when
	// the king goes to c1, and when it stands there already and does not
	// move (the last, from a game in which the built-in engine castled so
	// in its search, lost its king and crashed).
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/qR1K4 w B - 0 1",
		"4k3/8/8/8/8/8/8/qRK5 w B - 0 1",
		"Qrk1r2b/1ppp2pp/3p1p2/1N1P4/4PP2/1P1B2P1/2P4q/R1K2R2 b Fb - 0 21",
	} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range p.LegalMoves(nil) {
			if m.IsCastle() {
				t.Errorf("%s: castling %s allowed into the queen's line", fen, m)
			}
		}
	}
}

func TestRulesCoreDoesNotAllocatePerMove(t *testing.T) {
	p := NewPosition()
	moves := []protocol.Move{}
	for _, u := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"} {
		moves = append(moves, protocol.MustParseMove(u))
	}
	buf := make([]byte, 0, 64)
	// Warm the history to the game's length first.
	for _, pm := range moves {
		p.Play(pm)
	}
	for range moves {
		p.UnmakeMove()
	}
	allocs := testing.AllocsPerRun(20, func() {
		for _, pm := range moves {
			var err error
			buf, err = p.PlayWithSAN(buf[:0], pm)
			if err != nil {
				t.Fatal(err)
			}
			p.UnmakeMove()
			if _, err = p.Play(pm); err != nil {
				t.Fatal(err)
			}
			_ = p.Status()
			_ = p.Hash()
			buf = p.AppendFEN(buf[:0])
		}
		for range moves {
			p.UnmakeMove()
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per game of %d moves, want 0", allocs, len(moves))
	}
}

func TestPlayWithSANRecordsAGame(t *testing.T) {
	p := NewPosition()
	var sans []string
	for _, u := range []string{"f2f3", "e7e5", "g2g4", "d8h4"} {
		b, err := p.PlayWithSAN(nil, protocol.MustParseMove(u))
		if err != nil {
			t.Fatal(err)
		}
		sans = append(sans, string(b))
	}
	if got := strings.Join(sans, " "); got != "f3 e5 g4 Qh4#" {
		t.Errorf("fool's mate written %q", got)
	}
	if p.Status() != Checkmate {
		t.Errorf("status %v, want checkmate", p.Status())
	}
}

// A promotion is a pawn move: the fifty-move count starts again, capture or
// not (fastchess and cutechess-cli played on where autoplay had called a
// game drawn by the fifty-move rule 93 plies after h8=Q+).
func TestPromotionResetsTheFiftyMoveCount(t *testing.T) {
	for _, c := range []struct{ fen, move string }{
		{"8/7P/5k2/8/7K/8/8/8 w - - 6 98", "h7h8q"},
		{"6n1/7P/5k2/8/7K/8/8/8 w - - 6 98", "h7g8n"},
	} {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := p.ParseUCI(c.move)
		if !ok {
			t.Fatalf("%s: %s not legal", c.fen, c.move)
		}
		p.MakeMove(m)
		if got := strings.Fields(p.FEN())[4]; got != "0" {
			t.Errorf("%s %s: halfmove clock %s, want 0", c.fen, c.move, got)
		}
	}
}
