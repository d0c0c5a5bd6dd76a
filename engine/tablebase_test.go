package engine

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/engine/syzygy"
)

func testTables(t *testing.T) (*syzygy.Tables, string) {
	t.Helper()
	dir, _ := filepath.Abs("syzygy/testdata/tables")
	tb, err := syzygy.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(tb.Close)
	return tb, dir
}

// With tables the engine never throws a tablebase result away: in random
// KPvK, KQvKR and KRvKR positions its move keeps the root's win or draw at
// depth 1, where its evaluation alone throws some away (2 of 60 without them).
func TestSearchKeepsTheTablebaseResult(t *testing.T) {
	tb, _ := testTables(t)
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for checked < 60 {
		pieces := [][2]string{{"KP", "K"}, {"KQ", "KR"}, {"KR", "KR"}}[checked%3]
		fen := randomEnding(rng, pieces[0], pieces[1])
		p, err := chess.ParseFEN(fen)
		if err != nil {
			continue
		}
		root, err := tb.ProbeWDL(p)
		if err != nil || (root != syzygy.Win && root != syzygy.Draw) {
			continue
		}
		var ml chess.MoveList
		if p.GenerateLegal(&ml); ml.Len() == 0 {
			continue
		}
		s := NewSearcher(8)
		s.TB = tb
		res := s.Search(p, Limits{Depth: 1})
		p.MakeMove(res.Best)
		after, err := tb.ProbeWDL(p)
		if err != nil {
			t.Fatal(err)
		}
		if -after != root {
			t.Errorf("%s (%v): %v leads to %v for the mover", fen, root, res.Best, -after)
		}
		checked++
	}
}

// randomEnding places two kings and the pieces at random, white to move.
func randomEnding(rng *rand.Rand, white, black string) string {
	var board [64]byte
	place := func(c byte) {
		for {
			sq := rng.IntN(64)
			if board[sq] == 0 {
				board[sq] = c
				return
			}
		}
	}
	for _, c := range white {
		place(byte(c))
	}
	for _, c := range black {
		place(byte(c) + 'a' - 'A')
	}
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			if c := board[r*8+f]; c != 0 {
				if empty > 0 {
					sb.WriteByte(byte('0' + empty))
					empty = 0
				}
				sb.WriteByte(c)
			} else {
				empty++
			}
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String() + " w - - 0 1"
}

// SyzygyPath (UCI) and egtpath syzygy (XBoard) open the tables.
func TestFrontEndsOpenTheTables(t *testing.T) {
	_, dir := testTables(t)
	u := startUCI(t)
	u.send("uci", "setoption name SyzygyPath value "+dir, "isready")
	if l, skipped := u.expect("readyok", 5*time.Second); !strings.Contains(strings.Join(skipped, "\n"), "tablebases: up to 4 pieces") {
		t.Errorf("UCI: no tablebase report before %q: %q", l, skipped)
	}
	u.send("quit")
	x := startXBoard(t)
	x.send("xboard", "protover 2", "egtpath syzygy "+dir, "ping 1")
	if l, skipped := x.expect("pong 1", 5*time.Second); !strings.Contains(strings.Join(skipped, "\n"), "tablebases: up to 4 pieces") {
		t.Errorf("XBoard: no tablebase report before %q: %q", l, skipped)
	}
	x.send("quit")
}
