package epdline

import "testing"

// What Append writes, Parse reads back as it was; a line without counters
// or score reads with the defaults, and one without a result not at all.
func TestLinesReadBackAsWritten(t *testing.T) {
	for _, l := range []Line{
		{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", Score: -20, HasScore: true, Result: -1, Move: "e7e5"},
		{FEN: "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 3 30", Score: 31991, HasScore: true, Mate: 5, Result: 1},
		{FEN: "8/8/4k3/8/8/3BK3/8/8 w - - 12 60", HasScore: true, Result: 0},
	} {
		text := string(Append(nil, l))
		got, err := Parse(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if got != l {
			t.Errorf("%q read as %+v, want %+v", text, got, l)
		}
	}
	got, err := Parse(`8/8/4k3/8/8/3BK3/8/8 w - - c0 "0";`)
	if err != nil || got != (Line{FEN: "8/8/4k3/8/8/3BK3/8/8 w - - 0 1"}) {
		t.Errorf("a line without counters or score: %+v, %v", got, err)
	}
	for _, bad := range []string{"", "8/8/8/8 w - -", `8/8/4k3/8/8/3BK3/8/8 w - - ce 0;`, `8/8/4k3/8/8/3BK3/8/8 w - - c0 "2";`} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q: read without error", bad)
		}
	}
}
