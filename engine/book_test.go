package engine

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

func TestPGNBookReadsMovetextAndSkipsCommentsAndVariations(t *testing.T) {
	b, err := LoadBookFile("testdata/ruylopez.pgn", 100)
	if err != nil {
		t.Fatal(err)
	}
	// Start plus 10 plies of the main line; the variation is skipped.
	if b.Len() != 11 {
		t.Errorf("book has %d positions, want 11", b.Len())
	}
	p := chess.NewPosition()
	for _, want := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1", "f8e7"} {
		m, ok := b.Probe(p)
		if !ok || m.UCI() != want {
			t.Fatalf("at %s: book move %v %v, want %s", p.FEN(), m, ok, want)
		}
		p.MakeMove(m)
	}
	if _, ok := b.Probe(p); ok {
		t.Error("book move after the end of the line")
	}
}

func TestPGNBookKeepsOnlyBookDepthPlies(t *testing.T) {
	b, err := LoadBookFile("testdata/ruylopez.pgn", 2)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 3 {
		t.Errorf("book has %d positions, want 3", b.Len())
	}
}

func TestPGNBookErrorsNameTheLine(t *testing.T) {
	_, err := LoadPGNBook(strings.NewReader("[Event \"x\"]\n\n1. e4 e5\n2. Nf9 Nc6 1-0\n"), 100)
	if err == nil || !strings.HasPrefix(err.Error(), "4: ") || !strings.Contains(err.Error(), "Nf9") {
		t.Errorf("error %v, want one naming line 4 and Nf9", err)
	}
}

func TestSearchTransposesIntoTheBookByAnotherMoveOrder(t *testing.T) {
	b, err := LoadBookFile("testdata/ruylopez.pgn", 16)
	if err != nil {
		t.Fatal(err)
	}
	// 1. Nf3 Nc6 2. e4: not a book position, but ...e5 reaches the book's
	// position after 1. e4 e5 2. Nf3 Nc6.
	p := chess.NewPosition()
	for _, u := range []string{"g1f3", "b8c6", "e2e4"} {
		p.MakeMove(mustUCI(t, p, u))
	}
	if _, ok := b.Probe(p); ok {
		t.Fatal("the test position itself is in the book")
	}
	s := NewSearcher(8)
	s.Book = b
	var said []string
	s.OnInfo = func(in *protocol.Info) {
		if in.String != "" {
			said = append(said, in.String)
		}
	}
	res := s.Search(p, Limits{Depth: 8})
	if res.Best.UCI() != "e7e5" {
		t.Errorf("best %s, want e7e5 into the book", res.Best.UCI())
	}
	if res.Ponder.UCI() != "f1b5" {
		t.Errorf("ponder %s, want the book's reply f1b5", res.Ponder.UCI())
	}
	if len(said) != 1 || !strings.Contains(said[0], "book transposition: e7e5") {
		t.Errorf("info strings %q, want one reporting the transposition", said)
	}
}

func TestUCIOwnBookPlaysBookMovesAtTheRoot(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/ruylopez.pgn")
	if err != nil {
		t.Fatal(err)
	}
	path := dir + "/book.pgn"
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s := startUCI(t)
	s.send("setoption name BookFile value "+path, "setoption name OwnBook value true",
		"position startpos moves e2e4 e7e5", "go wtime 1000 btime 1000")
	l, skipped := s.expect("bestmove", 2*time.Second)
	if l != "bestmove g1f3 ponder b8c6" {
		t.Errorf("got %q after %q, want the book move g1f3", l, skipped)
	}
	s.send("setoption name OwnBook value false", "position startpos moves e2e4 e7e5", "go depth 1")
	_, skipped = s.expect("bestmove", firstSearch)
	for _, x := range skipped {
		if strings.Contains(x, "book") {
			t.Errorf("book consulted with OwnBook off: %q", x)
		}
	}
	s.send("quit")
}

func TestBookIsFoundAlongThePrincipalVariation(t *testing.T) {
	b, err := LoadBookFile("testdata/ruylopez.pgn", 16)
	if err != nil {
		t.Fatal(err)
	}
	// After 1. Nf3 Nc6, 2. e4 is no book move by itself (Black may answer
	// otherwise), but a PV 2. e4 e5 reaches the book position after
	// 1. e4 e5 2. Nf3 Nc6.
	p := chess.NewPosition()
	for _, u := range []string{"g1f3", "b8c6"} {
		p.MakeMove(mustUCI(t, p, u))
	}
	s := NewSearcher(1)
	s.Book, s.pos = b, p
	before := p.FEN()
	for _, tc := range []struct {
		pv   []string
		want chess.Move
	}{
		{[]string{"e2e4", "e7e5", "f1c4"}, mustUCI(t, p, "e2e4")},
		{[]string{"d2d4", "d7d5", "e2e4", "e7e5"}, chess.NoMove},
	} {
		q := p.Clone()
		s.pvLen[0] = len(tc.pv)
		for i, u := range tc.pv {
			s.pv[0][i] = mustUCI(t, q, u)
			q.MakeMove(s.pv[0][i])
		}
		if got := s.bookOnPV(); got != tc.want {
			t.Errorf("PV %v: book move %v, want %v", tc.pv, got, tc.want)
		}
		if p.FEN() != before {
			t.Fatalf("bookOnPV left the position at %s", p.FEN())
		}
	}
}
