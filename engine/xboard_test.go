package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
)

func startXBoard(t *testing.T) *engineSession { return startSession(t, NewXBoard()) }

func TestXBoardHandshakeDeclaresFeatures(t *testing.T) {
	s := startXBoard(t)
	s.send("xboard", "protover 2")
	l, _ := s.expect("feature myname", time.Second)
	for _, want := range []string{"ping=1", "setboard=1", "usermove=1", "done=1"} {
		if !strings.Contains(l, want) {
			t.Errorf("features %q lack %s", l, want)
		}
	}
	s.send("quit")
}

func TestXBoardAnswersUserMoveWithAMove(t *testing.T) {
	s := startXBoard(t)
	s.send("xboard", "protover 2", "new", "level 0 1 0", "time 100", "otim 100", "usermove e2e4")
	l, _ := s.expect("move ", 2*time.Second)
	p := chess.NewPosition()
	p.MakeMove(mustUCI(t, p, "e2e4"))
	if _, ok := p.ParseUCI(strings.TrimPrefix(l, "move ")); !ok {
		t.Errorf("%q is not a legal reply to e2e4", l)
	}
	// The adapter keeps the game: the engine's move is on its board.
	s.send("force", "usermove g1f3", "ping 1")
	_, skipped := s.expect("pong 1", time.Second)
	for _, l := range skipped {
		if strings.HasPrefix(l, "move ") || strings.HasPrefix(l, "Illegal") {
			t.Errorf("in force mode the engine said %q", l)
		}
	}
	s.send("usermove e2e4", "ping 2")
	l, _ = s.expect("Illegal move", time.Second)
	if !strings.Contains(l, "e2e4") {
		t.Errorf("%q does not name the move", l)
	}
	s.send("quit")
}

func TestXBoardForceDropsTheStoppedSearchsMove(t *testing.T) {
	s := startXBoard(t)
	s.send("new", "nopost")
	for i := 0; i < 30; i++ {
		// The first search could think for 10 s: only force ends it, so
		// its best move comes after force and must not be played.
		s.send("st 10", "go", "force", "st 0", "sd 2", "go")
		l, _ := s.expect("move ", 2*time.Second)
		if _, ok := chess.NewPosition().ParseUCI(strings.TrimPrefix(l, "move ")); !ok {
			t.Fatalf("cycle %d: %q is not legal in the start position", i, l)
		}
		s.send("force", "undo", "ping 9")
		_, skipped := s.expect("pong 9", 2*time.Second)
		for _, x := range skipped {
			if strings.HasPrefix(x, "move ") {
				t.Fatalf("cycle %d: extra move %q", i, x)
			}
		}
	}
	s.send("quit")
}

func TestXBoardClaimsMateItDelivers(t *testing.T) {
	s := startXBoard(t)
	s.send("new", "setboard 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "sd 3", "go")
	l, _ := s.expect("move ", 2*time.Second)
	if l != "move d1d8" {
		t.Errorf("got %q, want move d1d8", l)
	}
	l, _ = s.expect("1-0", time.Second)
	if !strings.Contains(l, "White mates") {
		t.Errorf("claim %q", l)
	}
	s.send("quit")
}

func mustUCI(t *testing.T, p *chess.Position, u string) chess.Move {
	t.Helper()
	m, ok := p.ParseUCI(u)
	if !ok {
		t.Fatalf("%s illegal in %s", u, p.FEN())
	}
	return m
}
