package live

import (
	"strings"
	"testing"
	"time"
)

// A finished game as the viewer gets it: SAN and UCI for every move, the
// figures of each comment (a comment wrapped over lines included), the
// book move, and each mover's clock: from tl= where written, else counted
// down from the time control.
func TestReviewReadsMovesCommentsAndClocks(t *testing.T) {
	text := `[Event "autoplay match"]
[Site "?"]
[Date "2026.11.26"]
[Round "1"]
[White "new"]
[Black "old"]
[Result "1-0"]
[TimeControl "10+0.1"]

1. e4 {book} 1... e5 {+0.20/12
0.500s} 2. Qh5 {+0.10/10 1.000s, tl=9.600s} 2... Nc6 {-M3/5 0.250s} 3. Bc4 {+1.00/9
0.100s} 3... Nf6 {-9.99/8 2.000s} 4. Qxf7# {+M1/1 0.010s} {White mates} 1-0

`
	r := reviewOf(text)
	if strings.Join(r.Moves, " ") != "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7" {
		t.Fatalf("moves %v", r.Moves)
	}
	var sans []string
	for _, p := range r.Plies {
		sans = append(sans, p.SAN)
	}
	if strings.Join(sans, " ") != "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#" {
		t.Fatalf("SAN %v", sans)
	}
	if !r.Plies[0].Book || r.Plies[1].Score != "+0.20" || r.Plies[1].Depth != 12 || r.Plies[1].Seconds != 0.5 ||
		r.Plies[3].Score != "-M3" || r.Plies[6].Score != "+M1" {
		t.Errorf("figures: %+v", r.Plies)
	}
	if r.Reason != "White mates" || r.Result != "1-0" || r.White != "new" {
		t.Errorf("reason %q, result %q, white %q", r.Reason, r.Result, r.White)
	}
	// White: book (0 s) 10.1, then tl= says 9.6, then 9.6-0.1+0.1 = 9.6, then 9.6-0.01+0.1.
	// Black: 10-0.5+0.1 = 9.6, 9.6-0.25+0.1 = 9.45, 9.45-2+0.1 = 7.55.
	want := []time.Duration{10100, 9600, 9600, 9450, 9600, 7550, 9690}
	for i, p := range r.Plies {
		if p.ClockNS == nil || *p.ClockNS != want[i]*time.Millisecond {
			t.Errorf("ply %d clock %v, want %v", i+1, p.ClockNS, want[i]*time.Millisecond)
		}
	}
	if r.TC != [2]string{"10+0.1", "10+0.1"} {
		t.Errorf("time controls %v", r.TC)
	}
}

// No clock without a time control that has one; a move that cannot be read
// ends the moves there; castling is the king's step.
func TestReviewWithoutClocksStopsAtAnUnreadableMove(t *testing.T) {
	text := `[Event "?"]
[White "a"]
[Black "b"]
[Result "*"]
[TimeControl "inf"]
[FEN "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 30"]
[SetUp "1"]

30... O-O-O {-0.10/20 1.000s} 31. O-O 31... Kb7 32. Zz9 Kb8 *

`
	r := reviewOf(text)
	if strings.Join(r.Moves, " ") != "e8c8 e1g1 c8b7" {
		t.Fatalf("moves %v", r.Moves)
	}
	for _, p := range r.Plies {
		if p.ClockNS != nil {
			t.Errorf("%s has a clock %v without a time control", p.SAN, *p.ClockNS)
		}
	}
}
