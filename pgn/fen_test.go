package pgn

import "testing"

func TestCheckFEN(t *testing.T) {
	tests := []struct {
		fen  string
		want string // "" = valid
	}{
		{StartFEN, ""},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", ""},
		{"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", ""},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", ""}, // Shredder-FEN castling
		{"4k3/8/8/8/8/8/8/4K3 w - - 99 200", ""},
		{"4k3/8/8/8/8/8/8/4K3 w - -", `bad FEN "4k3/8/8/8/8/8/8/4K3 w - -": 4 fields, want 6`},
		{"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", `bad FEN "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1": 9 ranks`},
		{"4k3/8/8/8/8/8/8/4K4 w - - 0 1", `bad FEN "4k3/8/8/8/8/8/8/4K4 w - - 0 1": rank 1 has 9 squares`},
		{"4k3/8/8/8/8/8/8/4K2 w - - 0 1", `bad FEN "4k3/8/8/8/8/8/8/4K2 w - - 0 1": rank 1 has 7 squares`},
		{"4k3/8/8/8/8/8/8/4K209 w - - 0 1", `bad FEN "4k3/8/8/8/8/8/8/4K209 w - - 0 1": unknown piece '0' on rank 1`},
		{"4k3/8/8/8/8/8/8/4KK2 w - - 0 1", `bad FEN "4k3/8/8/8/8/8/8/4KK2 w - - 0 1": 2 white kings`},
		{"8/8/8/8/8/8/8/4K3 w - - 0 1", `bad FEN "8/8/8/8/8/8/8/4K3 w - - 0 1": 0 black kings`},
		{"4k3/8/8/8/8/8/8/4K3 W - - 0 1", `bad FEN "4k3/8/8/8/8/8/8/4K3 W - - 0 1": side to move "W" is not w or b`},
		{"4k3/8/8/8/8/8/8/4K3 w KK - 0 1", `bad FEN "4k3/8/8/8/8/8/8/4K3 w KK - 0 1": bad castling rights "KK"`},
		{"4k3/8/8/8/8/8/8/4K3 w X - 0 1", `bad FEN "4k3/8/8/8/8/8/8/4K3 w X - 0 1": bad castling rights "X"`},
		{"4k3/8/8/8/8/8/8/4K3 b - e6 0 1", `bad FEN "4k3/8/8/8/8/8/8/4K3 b - e6 0 1": bad en passant square "e6"`},
		{"4k3/8/8/8/8/8/8/4K3 w - i6 0 1", `bad FEN "4k3/8/8/8/8/8/8/4K3 w - i6 0 1": bad en passant square "i6"`},
		{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", `bad FEN "4k3/8/8/8/8/8/8/4K3 w - - -1 1": bad halfmove clock "-1"`},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 x", `bad FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 x": bad fullmove number "x"`},
	}
	for _, tt := range tests {
		err := CheckFEN(tt.fen)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("CheckFEN(%q) = %q, want %q", tt.fen, got, tt.want)
		}
	}
}

func TestEPDOperationsGiveTheCounters(t *testing.T) {
	const board = "4k3/8/8/8/8/8/8/4K3 w - -"
	tests := []struct{ line, want string }{
		{board, board + " 0 1"},
		{board + " 5 60", board + " 5 60"},
		{board + " 5", board + " 5 1"},
		{board + ` hmvc 5; fmvn 60;`, board + " 5 60"},
		{board + ` fmvn 60; hmvc 5`, board + " 5 60"},
		{board + ` c0 "hmvc 9; fmvn 9"; id "x";`, board + " 0 1"},
		{board + ` bm Kd1; ce 12;`, board + " 0 1"},
		{"\t" + board + "  \r", board + " 0 1"},
	}
	for _, tt := range tests {
		got, err := epdToFEN(tt.line)
		if err != nil || got != tt.want {
			t.Errorf("epdToFEN(%q) = %q, %v; want %q", tt.line, got, err, tt.want)
		}
	}
}
