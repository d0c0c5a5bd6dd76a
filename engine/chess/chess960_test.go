package chess

import "testing"

// The standard numbering: the published arrays of a few numbers, and every
// number gives a legal array (bishops on both colours, the king between
// the rooks) that parses as a Chess960 position with 4 castling rights.
func TestChess960ArraysFollowTheStandardNumbering(t *testing.T) {
	for n, want := range map[int]string{0: "BBQNNRKR", 518: "RNBQKBNR", 959: "RKRNNQBB", 1: "BQNBNRKR", 2: "BQNNRBKR"} {
		if got := Chess960Array(n); got != want {
			t.Errorf("array %d = %s, want %s", n, got, want)
		}
	}
	seen := map[string]bool{}
	for n := range 960 {
		a := Chess960Array(n)
		seen[a] = true
		var bishops [2]int
		rooks, king := 0, false
		for f := range 8 {
			switch a[f] {
			case 'B':
				bishops[f%2]++
			case 'R':
				if rooks == 1 && !king {
					t.Errorf("array %d %s: king not between the rooks", n, a)
				}
				rooks++
			case 'K':
				king = true
			}
		}
		if bishops != [2]int{1, 1} {
			t.Errorf("array %d %s: bishops on one colour", n, a)
		}
		fen := Chess960FEN(n, (n*7)%960)
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%s: %v", fen, err)
		}
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip: %s -> %s", fen, got)
		}
	}
	if len(seen) != 960 {
		t.Errorf("%d distinct arrays, want 960", len(seen))
	}
}

// Shredder-FEN names each castling rook by its file; read back, it is the
// same position as the X-FEN.
func TestShredderFENNamesTheRooksByFile(t *testing.T) {
	for _, tc := range []struct{ fen, want string }{
		{"qr1b2kr/p2p1pp1/bp2np2/2p4p/3P4/4PNN1/PPP2PPP/QR1B2KR w KQkq - 0 8", "qr1b2kr/p2p1pp1/bp2np2/2p4p/3P4/4PNN1/PPP2PPP/QR1B2KR w HBhb - 0 8"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"},
		{"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "4k3/8/8/8/8/8/8/R3K3 w A - 0 1"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
	} {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		got := string(p.AppendShredderFEN(nil))
		if got != tc.want {
			t.Errorf("%s: Shredder-FEN %q, want %q", tc.fen, got, tc.want)
		}
		q, err := ParseFEN(got)
		if err != nil || q.FEN() != p.FEN() || q.Hash() != p.Hash() {
			t.Errorf("%q reads back as %v (%v)", got, q, err)
		}
	}
}
