package engine

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
)

func TestLevelsClimbWithElo(t *testing.T) {
	prevNodes, prevNoise := uint64(0), int32(1<<30)
	for elo := MinElo; elo <= MaxElo; elo += 25 {
		n, noise := levelOf(elo)
		if n < prevNodes || noise > prevNoise {
			t.Fatalf("elo %d: %d nodes, noise %d after %d nodes, noise %d: the ladder must climb", elo, n, noise, prevNodes, prevNoise)
		}
		prevNodes, prevNoise = n, noise
	}
	if lo, _ := levelOf(MinElo - 500); lo != uint64(eloLevels[0].Nodes) {
		t.Errorf("below the ladder: %d nodes, want the lowest rung's %v", lo, eloLevels[0].Nodes)
	}
	if hi, noise := levelOf(MaxElo + 500); hi != uint64(eloLevels[len(eloLevels)-1].Nodes) || noise != 0 {
		t.Errorf("above the ladder: %d nodes noise %d, want the top rung", hi, noise)
	}
}

func TestLimitedSearchKeepsToItsNodes(t *testing.T) {
	for _, elo := range []int{1000, 1500, 1900} {
		s := NewSearcher(16)
		s.SetStrength(true, elo)
		pos, err := chess.ParseFEN("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
		if err != nil {
			t.Fatal(err)
		}
		// No clock: only the budget ends the search, however slow the
		// machine (a clock's soft stop would end it first under -race).
		res := s.Search(pos, Limits{})
		budget, _ := levelOf(elo)
		if res.Best == chess.NoMove || res.Depth < 1 {
			t.Fatalf("elo %d: no move (depth %d)", elo, res.Depth)
		}
		// Depth 1 is always finished, whatever the budget; past it the
		// search stops at the budget.
		if budget > 2000 && (res.Nodes < budget || res.Nodes > budget+budget/50) {
			t.Errorf("elo %d: searched %d nodes, budget %d", elo, res.Nodes, budget)
		}
		s.SetStrength(false, elo)
		if full := s.Search(pos, Limits{Depth: 6}); full.Depth != 6 {
			t.Errorf("elo %d: the limit stayed after it was lifted: depth %d", elo, full.Depth)
		}
	}
}

func TestNoiseIsBoundedAndStablePerPosition(t *testing.T) {
	s := NewSearcher(1)
	s.SetStrength(true, MinElo)
	s.newSearchSeed()
	_, amp := levelOf(MinElo)
	pos := chess.NewPosition()
	var ml chess.MoveList
	pos.GenerateLegal(&ml)
	differs := false
	for _, m := range ml.Moves() {
		pos.MakeMove(m)
		e, n := Evaluate(pos), s.evaluate(pos)
		if d := n - e; d < -int(amp) || d > int(amp) {
			t.Errorf("%v: noise %d beyond ±%d", m, d, amp)
		}
		if s.evaluate(pos) != n {
			t.Errorf("%v: the same position evaluates differently within a search", m)
		}
		differs = differs || n != e
		pos.UnmakeMove()
	}
	if !differs {
		t.Error("no position was blurred at the lowest level")
	}
	s.SetStrength(false, 0)
	if s.evaluate(pos) != Evaluate(pos) {
		t.Error("full strength evaluation is blurred")
	}
}

// TestLadderRungsAreOrdered plays short games between two rungs far apart:
// the higher must win clearly. Levels are node budgets, so this is fast and
// independent of the machine's speed.
func TestLadderRungsAreOrdered(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	weak, strong := NewSearcher(1), NewSearcher(1)
	weak.SetStrength(true, 1000)
	strong.SetStrength(true, 1600)
	openings := []string{"e2e4 e7e5", "d2d4 d7d5", "c2c4 e7e5", "g1f3 d7d5", "e2e4 c7c5"}
	points := 0.0
	games := 0
	for _, opening := range openings {
		for _, strongIsWhite := range []bool{true, false} {
			pos := chess.NewPosition()
			for _, mv := range strings.Fields(opening) {
				m, ok := pos.ParseUCI(mv)
				if !ok {
					t.Fatalf("opening move %s", mv)
				}
				pos.MakeMove(m)
			}
			result := playOut(pos, strong, weak, strongIsWhite)
			points += result
			games++
		}
	}
	t.Logf("1600 against 1000: %.1f/%d", points, games)
	if points < 0.8*float64(games) {
		t.Errorf("1600 scored %.1f/%d against 1000", points, games)
	}
}

// playOut plays pos to its end (or 300 plies, a draw) and returns a's score.
func playOut(pos *chess.Position, a, b *Searcher, aIsWhite bool) float64 {
	for ply := 0; ply < 300; ply++ {
		if st := pos.Status(); st != chess.Ongoing {
			if st == chess.Checkmate {
				if (pos.SideToMove() == chess.White) == aIsWhite {
					return 0
				}
				return 1
			}
			return 0.5
		}
		mover := b
		if (pos.SideToMove() == chess.White) == aIsWhite {
			mover = a
		}
		res := mover.Search(pos, Limits{}) // only the rung's budget ends it
		pos.MakeMove(res.Best)
	}
	return 0.5
}

// lastNodes is the node count of the last info line before the bestmove.
func lastNodes(t *testing.T, lines []string, field string) int {
	t.Helper()
	nodes := -1
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+1 < len(f); i++ {
			if f[i] == field {
				if n, err := strconv.Atoi(f[i+1]); err == nil {
					nodes = n
				}
			}
		}
	}
	if nodes < 0 {
		t.Fatalf("no %s in %q", field, lines)
	}
	return nodes
}

func TestUCIStrengthOptionsLimitTheSearch(t *testing.T) {
	s := startUCI(t)
	s.send("uci")
	_, decl := s.expect("uciok", 2*time.Second)
	joined := strings.Join(decl, "\n")
	for _, want := range []string{"option name UCI_LimitStrength type check default false",
		fmt.Sprintf("option name UCI_Elo type spin default %d min %d max %d", MaxElo, MinElo, MaxElo)} {
		if !strings.Contains(joined, want) {
			t.Errorf("handshake lacks %q", want)
		}
	}
	// UCI_Elo before UCI_LimitStrength, as GUIs send them in either order.
	s.send("setoption name UCI_Elo value 2000", "setoption name UCI_LimitStrength value true",
		"position startpos moves e2e4", "go wtime 60000 btime 60000")
	_, lines := s.expect("bestmove", 10*time.Second)
	budget, _ := levelOf(2000)
	if n := lastNodes(t, lines, "nodes"); n > int(budget) {
		t.Errorf("UCI_Elo 2000: %d nodes reported, budget %d", n, budget)
	}
	s.send("setoption name UCI_LimitStrength value false", "position startpos moves e2e4", "go depth 7")
	_, lines = s.expect("bestmove", 20*time.Second)
	if d := lastNodes(t, lines, "depth"); d != 7 {
		t.Errorf("after the limit was lifted: depth %d, want 7", d)
	}
	s.send("quit")
}

func TestXBoardStrengthOptionsLimitTheSearch(t *testing.T) {
	s := startXBoard(t)
	s.send("xboard", "protover 2")
	_, feats := s.expect("feature myname", time.Second)
	joined := strings.Join(feats, "\n")
	for _, want := range []string{`option="UCI_LimitStrength -check 0"`, fmt.Sprintf(`option="UCI_Elo -spin %d %d %d"`, MaxElo, MinElo, MaxElo)} {
		if !strings.Contains(joined, want) {
			t.Errorf("features lack %s: %s", want, joined)
		}
	}
	s.send("new", "option UCI_LimitStrength=1", "option UCI_Elo=1900", "post", "level 0 1 0", "time 6000", "otim 6000", "usermove e2e4")
	_, lines := s.expect("move ", 10*time.Second)
	// Thinking output: "ply score time nodes pv"; the nodes are its fourth field.
	budget, _ := levelOf(1900)
	seen := 0
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 5 {
			continue
		}
		if n, err := strconv.Atoi(f[3]); err == nil {
			seen++
			if n > int(budget) {
				t.Errorf("UCI_Elo 1900: %q reports %d nodes, budget %d", l, n, budget)
			}
		}
	}
	if seen == 0 {
		t.Errorf("no thinking output: %q", lines)
	}
	s.send("quit")
}
