package game

import (
	"testing"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

func cp(v int) protocol.Score   { return protocol.Score{Kind: protocol.ScoreCP, Value: v} }
func mate(v int) protocol.Score { return protocol.Score{Kind: protocol.ScoreMate, Value: v} }

// play feeds alternating White/Black scores from full move `from` on and
// returns the ply (1-based) at which the game was adjudicated, or 0.
func play(a *adjudicator, from int, scores ...protocol.Score) (int, record.End) {
	for i, s := range scores {
		side := Color(i % 2)
		if end, over := a.moved(side, s, from+i/2, 1+i); over {
			return i + 1, end
		}
	}
	return 0, record.End{}
}

// level gives n scores of 0.00.
func level(n int) []protocol.Score {
	s := make([]protocol.Score, n)
	for i := range s {
		s[i] = cp(0)
	}
	return s
}

func TestDrawAdjudicationNeedsBothSidesLevelLongEnough(t *testing.T) {
	tests := []struct {
		name   string
		from   int
		scores []protocol.Score
		want   int
	}{
		{"four level moves each", 50, []protocol.Score{cp(5), cp(-3), cp(0), cp(8), cp(-10), cp(2), cp(1), cp(0)}, 8},
		{"one side out of the margin resets", 50, []protocol.Score{cp(5), cp(-3), cp(30), cp(8), cp(-10), cp(2), cp(1), cp(0), cp(0), cp(0), cp(0)}, 11},
		{"a move without a score resets", 50, []protocol.Score{cp(0), cp(0), {}, cp(0), cp(0), cp(0), cp(0), cp(0)}, 0},
		{"not before the move number", 30, level(22), 21}, // move 40 is ply 21 from move 30
		{"mate scores are never level", 50, []protocol.Score{mate(5), mate(-5), mate(4), mate(-4), mate(3), mate(-3), mate(2), mate(-2)}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &adjudicator{draw: &spec.DrawAdjudication{MoveNumber: 40, MoveCount: 4, Score: 10}}
			got, end := play(a, tt.from, tt.scores...)
			if got != tt.want {
				t.Fatalf("adjudicated at ply %d, want %d", got, tt.want)
			}
			if got > 0 && (end.Outcome != record.Draw || end.Termination != record.TermAdjudication) {
				t.Errorf("ending %+v", end)
			}
		})
	}
}

func TestResignAdjudication(t *testing.T) {
	tests := []struct {
		name     string
		twoSided bool
		scores   []protocol.Score // White, Black, White, ...
		want     int
		winner   record.Outcome
	}{
		{"black lost for three moves", false, []protocol.Score{cp(700), cp(-650), cp(720), cp(-700), cp(800), cp(-900)}, 6, record.WhiteWins},
		{"being mated counts as lost", false, []protocol.Score{cp(0), mate(-3), cp(0), mate(-2), cp(0), mate(-1)}, 6, record.WhiteWins},
		{"one good move resets", false, []protocol.Score{cp(0), cp(-700), cp(0), cp(-100), cp(0), cp(-700), cp(0), cp(-700)}, 0, record.NoResult},
		{"two-sided needs the winner to agree", true, []protocol.Score{cp(100), cp(-700), cp(100), cp(-700), cp(100), cp(-700)}, 0, record.NoResult},
		{"two-sided with agreement", true, []protocol.Score{cp(700), cp(-700), cp(700), cp(-700), cp(700), cp(-700)}, 6, record.WhiteWins},
		{"white resigns", false, []protocol.Score{cp(-600), cp(600), cp(-601), cp(900), cp(-2000), cp(0)}, 5, record.BlackWins},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := &adjudicator{resign: &spec.ResignAdjudication{MoveCount: 3, Score: 600, TwoSided: tt.twoSided}}
			got, end := play(a, 20, tt.scores...)
			if got != tt.want || end.Outcome != tt.winner {
				t.Fatalf("adjudicated at ply %d with %v, want ply %d with %v", got, end.Outcome, tt.want, tt.winner)
			}
		})
	}
}

func TestNoAdjudicationConfiguredNeverEndsAGame(t *testing.T) {
	var a adjudicator
	if got, _ := play(&a, 1, cp(0), cp(0), cp(-5000), cp(5000), mate(1), mate(-1)); got != 0 {
		t.Fatalf("adjudicated at ply %d with nothing configured", got)
	}
}

// "score mate 0" (the side to move is mated) from an engine that was asked
// for a move carries no usable sign: it neither counts toward a resignation
// nor breaks a run of level scores as a mate would.
func TestMateZeroIsNoScore(t *testing.T) {
	if _, ok := centipawns(protocol.Score{Kind: protocol.ScoreMate, Value: 0}); ok {
		t.Errorf("mate 0 read as a score")
	}
	a := &adjudicator{resign: &spec.ResignAdjudication{MoveCount: 1, Score: 600}}
	if _, over := a.moved(White, protocol.Score{Kind: protocol.ScoreMate, Value: 0}, 30, 1); over {
		t.Errorf("mate 0 resigned the game")
	}
}

// A capture or pawn move starts the count of level moves again, as
// cutechess-cli and fastchess count them: the game that follows is
// another, and its level moves are counted from there.
func TestDrawAdjudicationCountsFromTheLastCaptureOrPawnMove(t *testing.T) {
	a := &adjudicator{draw: &spec.DrawAdjudication{MoveNumber: 1, MoveCount: 2, Score: 10}}
	clocks := []int{1, 2, 0, 1, 2, 3} // the third move captures
	for i, hmc := range clocks {
		end, over := a.moved(Color(i%2), cp(0), 10+i/2, hmc)
		if over {
			if i != len(clocks)-1 {
				t.Fatalf("adjudicated at ply %d (%s), want the 6th: the capture at the 3rd starts the count again", i+1, end.Text)
			}
			return
		}
	}
	t.Fatal("not adjudicated after 4 level moves since the capture")
}
