package compat

import (
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/runner/stats"
)

// cutechessKnockoutResults is cutechess-cli's knockout bracket, which it
// prints where other tournaments print their ranking: the first round's
// engines as placed, a blank line between them ("bye" for a missing
// opponent); then each round's winner ("..." until decided) two tabs a
// round further right, on the line between the two it came from, with the
// pair's score in the placed order once a game is over ("sf-a (2.5-1.5)").
func cutechessKnockoutResults(rounds []stats.KnockoutRound) string {
	if len(rounds) == 0 {
		return ""
	}
	var lines []string
	for _, e := range rounds[0] {
		second := "bye"
		if len(e.Players) > 1 {
			second = e.Players[1]
		}
		lines = append(lines, e.Players[0], "", second, "")
	}
	lines = lines[:len(lines)-1]
	for r, round := range rounds {
		for x, e := range round {
			winner := e.Winner
			if winner == "" {
				winner = "..."
			}
			text := strings.Repeat("\t", 2*(r+1)) + winner
			if len(e.Score) == 2 && e.Score[0]+e.Score[1] > 0 {
				text += " (" + qtNumber(e.Score[0]) + "-" + qtNumber(e.Score[1]) + ")"
			}
			line := (2<<r - 1) + x*(2<<(r+1))
			lines[line] += text
		}
	}
	return strings.Join(lines, "\n")
}

// qtNumber is a number as Qt's QString::arg(double) writes it: its
// shortest form of 6 significant digits (2, 2.5).
func qtNumber(x float64) string {
	return strconv.FormatFloat(x, 'g', 6, 64)
}
