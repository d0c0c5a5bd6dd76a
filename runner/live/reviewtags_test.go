package live

import (
	"strings"
	"testing"
)

// A reviewed game lists a bounded part of whatever its PGN holds: the
// first maxReviewTags tags (the players, FEN and time controls read
// wherever they stand), values and comments cut, moves up to
// maxReviewPlies, and a note of what it left out.
func TestReviewBoundsTagsAndMoves(t *testing.T) {
	var b strings.Builder
	b.WriteString("[Event \"x\"]\n")
	for range 300_000 {
		b.WriteString("[Annotator \"someone\"]\n")
	}
	b.WriteString("[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Site \"" + strings.Repeat("s", 5000) + "\"]\n[TimeControl \"60+1\"]\n\n")
	for i := range maxReviewPlies/4 + 2 {
		b.WriteString("Nf3 Nf6 Ng1 Ng8 ")
		if i == 0 {
			b.WriteString("{" + strings.Repeat("c", 1<<20) + "} ")
		}
	}
	b.WriteString("*\n")
	g := reviewOf(b.String())
	if len(g.Tags) != maxReviewTags || g.White != "a" || g.Black != "b" || g.TC[0] != "60+1" {
		t.Errorf("%d tags listed, players %q-%q, time control %q", len(g.Tags), g.White, g.Black, g.TC[0])
	}
	if len(g.Moves) != maxReviewPlies || len(g.Plies) != maxReviewPlies {
		t.Errorf("%d moves read", len(g.Moves))
	}
	if len(g.Plies[3].Comment) > 2*maxViewReason {
		t.Errorf("a comment of %d bytes listed", len(g.Plies[3].Comment))
	}
	if !strings.Contains(g.Omitted, "299906 more tags") || !strings.Contains(g.Omitted, "moves after the first") {
		t.Errorf("note %q", g.Omitted)
	}
	// The Site tag past the cap is not listed; one within it is cut.
	for _, tag := range g.Tags {
		if len(tag[1]) > maxReviewTag+len("…") {
			t.Errorf("tag %s of %d bytes listed", tag[0], len(tag[1]))
		}
	}
}
