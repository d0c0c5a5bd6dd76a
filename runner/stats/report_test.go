package stats

import "testing"

func TestReportLinesFollowCutechess(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{ScoreLine("A", "B", Trinomial{Wins: 55, Losses: 45}), "Score of A vs B: 55 - 45 - 0 [0.550] 100"},
		{ScoreLine("sf", "fm", Trinomial{Wins: 1, Draws: 1, Losses: 1}), "Score of sf vs fm: 1 - 1 - 1 [0.500] 3"},
		{ScoreLine("A", "B", Trinomial{}), "Score of A vs B: 0 - 0 - 0 [0.500] 0"},
		{EloLine(Trinomial{Wins: 55, Losses: 45}.Figures()), "Elo difference: 34.86 +/- 69.37, LOS: 84.26 %, DrawRatio: 0.00 %"},
		{EloLine(Trinomial{100, 100, 100}.Figures()), "Elo difference: 0.00 +/- 32.19, LOS: 50.00 %, DrawRatio: 33.33 %"},
		{EloLine(Trinomial{Wins: 40}.Figures()), "Elo difference: inf +/- n/a, LOS: 100.00 %, DrawRatio: 0.00 % (every game won: the Elo difference has no finite estimate)"},
		{EloLine(Trinomial{Losses: 3}.Figures()), "Elo difference: -inf +/- n/a, LOS: 0.00 %, DrawRatio: 0.00 % (every game lost: the Elo difference has no finite estimate)"},
		{NEloLine(Trinomial{Wins: 40}.Figures()), "nElo (games): inf +/- n/a (every game won: the Elo difference has no finite estimate)"},
		{EloLine(Trinomial{Draws: 10}.Figures()), "Elo difference: 0.00 +/- n/a, LOS: 50.00 %, DrawRatio: 100.00 % (every game had the same result: no spread to estimate an error from)"},
		{PairsLine(Pentanomial{0, 0, 100, 0, 0}.Figures()), "Elo (pairs): 0.00 +/- n/a, nElo (pairs): n/a +/- n/a, LOS (pairs): 50.00 %, DrawRatio (pairs): 100.00 % (every pair had the same result: no spread to estimate an error from)"},
		{PairsLine(Pentanomial{10, 50, 200, 60, 15}.Figures()), "Elo (pairs): 10.37 +/- 14.71, nElo (pairs): 18.58 +/- 26.31, LOS (pairs): 91.68 %, DrawRatio (pairs): 59.70 %"},
		{NEloLine(Trinomial{Wins: 55, Losses: 45}.Figures()), "nElo (games): 34.92 +/- 68.10"},
		{EloLine(Trinomial{}.Figures()), "Elo difference: n/a +/- n/a, LOS: n/a %, DrawRatio: n/a % (no games played)"},
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
