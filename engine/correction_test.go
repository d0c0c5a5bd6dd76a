package engine

import (
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
)

// Repeated deep results pull a structure's correction to their difference
// from the evaluation, within the cap; the other side to move and other
// pawn structures keep theirs.
func TestCorrectionLearnsTheDifference(t *testing.T) {
	p, err := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		t.Fatal(err)
	}
	q, err := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3")
	if err != nil {
		t.Fatal(err)
	}
	other, err := chess.ParseFEN(chess.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	c := new(correction)
	for range 200 {
		c.update(p, 20, 30)
	}
	if got := c.corrected(p, 100); got < 128 || got > 130 {
		t.Errorf("corrected 100 after +30 results: %d", got)
	}
	if c.corrected(q, 100) != 100 || c.corrected(other, 100) != 100 {
		t.Errorf("other entries moved: %d %d", c.corrected(q, 100), c.corrected(other, 100))
	}
	for range 200 {
		c.update(p, 20, -1000)
	}
	if got := c.corrected(p, 0); got != -correctionMax/correctionGrain {
		t.Errorf("capped correction %d, want %d", got, -correctionMax/correctionGrain)
	}
	// A shallow result moves it less than a deep one.
	shallow, deep := new(correction), new(correction)
	shallow.update(p, 1, 100)
	deep.update(p, 12, 100)
	if !(*shallow.entry(p) > 0 && *shallow.entry(p) < *deep.entry(p)) {
		t.Errorf("depth 1 moved it %d, depth 12 %d", *shallow.entry(p), *deep.entry(p))
	}
}
