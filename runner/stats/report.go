package stats

import (
	"fmt"
	"math"
)

// ScoreLine is cutechess-cli's running score line, with the first engine's
// wins, then losses, then draws, its score rate to 3 decimals and the number
// of games: "Score of A vs B: 55 - 45 - 0 [0.550] 100". With no games the
// rate reads 0.500.
func ScoreLine(first, second string, t Trinomial) string {
	rate := 0.5
	if n := t.Games(); n > 0 {
		rate = (float64(t.Wins) + float64(t.Draws)/2) / float64(n)
	}
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d [%.3f] %d",
		first, second, t.Wins, t.Losses, t.Draws, rate, t.Games())
}

// EloLine is cutechess-cli's Elo line, from single games:
// "Elo difference: 34.86 +/- 69.37, LOS: 84.26 %, DrawRatio: 0.00 %";
// a figure the results do not support reads inf, -inf or n/a, and the
// reason follows in parentheses.
func EloLine(f Figures) string {
	return fmt.Sprintf("Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%", f.Elo, f.Elo95, f.LOS, f.DrawRatio) + reason(f)
}

// NEloLine reports the normalized Elo of single games: "nElo (games): 34.92 +/- 68.10".
func NEloLine(f Figures) string {
	return fmt.Sprintf("nElo (games): %s +/- %s", f.NElo, f.NElo95) + reason(f)
}

// PairsLine reports the statistics of game pairs (the pentanomial model,
// which counts the two games of an opening together), each labelled:
// "Elo (pairs): 10.37 +/- 14.71, nElo (pairs): 18.58 +/- 26.34, LOS (pairs): 91.68 %, DrawRatio (pairs): 59.70 %".
func PairsLine(f Figures) string {
	return fmt.Sprintf("Elo (pairs): %s +/- %s, nElo (pairs): %s +/- %s, LOS (pairs): %s %%, DrawRatio (pairs): %s %%",
		f.Elo, f.Elo95, f.NElo, f.NElo95, f.LOS, f.DrawRatio) + reason(f)
}

func reason(f Figures) string {
	if f.Reason == "" {
		return ""
	}
	return " (" + f.Reason + ")"
}

// PentanomialLine lists pair counts the way fastchess does:
// "Ptnml(0-2): [10, 50, 200, 60, 15]".
func PentanomialLine(p Pentanomial) string {
	return fmt.Sprintf("Ptnml(0-2): [%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

// SPRTLine reports a test's progress: the LLR, how far it is towards the
// bound it is heading for, the bounds, and the decision once there is one:
// "SPRT: llr 2.95 (100.3%), lbound -2.94, ubound 2.94 - H1 was accepted".
func SPRTLine(s SPRT, llr float64) string {
	lower, upper := s.Bounds()
	toward := upper
	if llr < 0 {
		toward = lower
	}
	line := fmt.Sprintf("SPRT: llr %s (%.1f%%), lbound %s, ubound %s",
		fixed2(llr), 100*llr/toward, fixed2(lower), fixed2(upper))
	switch s.Decide(llr) {
	case AcceptH0:
		line += " - H0 was accepted"
	case AcceptH1:
		line += " - H1 was accepted"
	}
	return line
}

// fixed2 formats x to 2 decimals without the "-0.00" that a tiny negative
// rounding error (an even score's Elo) would otherwise print.
func fixed2(x float64) string {
	if math.Abs(x) < 0.005 {
		x = 0
	}
	return fmt.Sprintf("%.2f", x)
}
