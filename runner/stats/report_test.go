package stats

import "testing"

func TestReportLinesFollowCutechess(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{ScoreLine("A", "B", Trinomial{Wins: 55, Losses: 45}), "Score of A vs B: 55 - 45 - 0 [0.550] 100"},
		{ScoreLine("sf", "fm", Trinomial{Wins: 1, Draws: 1, Losses: 1}), "Score of sf vs fm: 1 - 1 - 1 [0.500] 3"},
		{ScoreLine("A", "B", Trinomial{}), "Score of A vs B: 0 - 0 - 0 [0.500] 0"},
		{EloLine(Trinomial{Wins: 55, Losses: 45}.Estimate()), "Elo difference: 34.86 +/- 69.37, LOS: 84.26 %, DrawRatio: 0.00 %"},
		{EloLine(Trinomial{100, 100, 100}.Estimate()), "Elo difference: 0.00 +/- 32.19, LOS: 50.00 %, DrawRatio: 33.33 %"},
		{EloLine(Trinomial{Wins: 1}.Estimate()), "Elo difference: 1129.65 +/- 376.02, LOS: 100.00 %, DrawRatio: 0.00 %"},
		{EloLine(Pentanomial{0, 0, 100, 0, 0}.Estimate()), "Elo difference: 0.00 +/- 0.34, LOS: 50.00 %, DrawRatio: 100.00 %"},
		{NEloLine(Trinomial{Wins: 55, Losses: 45}.Estimate()), "nElo: 34.92 +/- 68.10"},
		{PentanomialLine(Pentanomial{10, 50, 200, 60, 15}), "Ptnml(0-2): [10, 50, 200, 60, 15]"},
	} {
		if c.got != c.want {
			t.Errorf("got  %q\nwant %q", c.got, c.want)
		}
	}
}

func TestSPRTLineShowsProgressAndDecision(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05}
	for _, c := range []struct {
		llr  float64
		want string
	}{
		{1.5, "SPRT: llr 1.50 (50.9%), lbound -2.94, ubound 2.94"},
		{-0.0001, "SPRT: llr 0.00 (0.0%), lbound -2.94, ubound 2.94"},
		{-3, "SPRT: llr -3.00 (101.9%), lbound -2.94, ubound 2.94 - H0 was accepted"},
		{2.95, "SPRT: llr 2.95 (100.2%), lbound -2.94, ubound 2.94 - H1 was accepted"},
	} {
		if got := SPRTLine(s, c.llr); got != c.want {
			t.Errorf("SPRTLine(%v)\ngot  %q\nwant %q", c.llr, got, c.want)
		}
	}
}
