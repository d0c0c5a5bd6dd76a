package stats

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// RatingTable formats the rating list, one line per engine in the order of
// rs, the name column as wide as the longest name:
//
//	Rank Name          Elo     +/-   Games   Score   Draws
//	   1 stockfish   312.4    45.1      40   90.0%   10.0%
//
// An engine without games shows "-" in place of numbers.
func RatingTable(rs []Rating) string {
	w := nameWidth(rs)
	var b strings.Builder
	fmt.Fprintf(&b, "%4s %-*s %7s %7s %7s %7s %7s\n", "Rank", w, "Name", "Elo", "+/-", "Games", "Score", "Draws")
	for k, r := range rs {
		elo, err, score, draws := "-", "-", "-", "-"
		if r.Games > 0 {
			elo, err = fixed1(r.Elo), fixed1(r.Elo95)
			score = fixed1(100*r.Score/float64(r.Games)) + "%"
			draws = fixed1(100*float64(r.Draws)/float64(r.Games)) + "%"
		}
		fmt.Fprintf(&b, "%4d %-*s %7s %7s %7d %7s %7s\n", k+1, w, r.Name, elo, err, r.Games, score, draws)
	}
	return b.String()
}

// Crosstable formats who scored what against whom: one row per engine in
// the order of rs, with its points against each engine in the same order
// (columns numbered by rank). A cell reads "7.5-2.5" (the row engine's
// points first), "-" on the diagonal and "." for engines that never met.
// names and wdl are the table Ratings was given.
//
//	Rank Name             1        2        3
//	   1 stockfish        -  7.5-2.5  9.0-1.0
//	   2 fairymax   2.5-7.5        -  6.0-4.0
//	   3 gnuchess   1.0-9.0  4.0-6.0        -
func Crosstable(rs []Rating, names []string, wdl [][]Trinomial) string {
	index := make(map[string]int, len(names))
	for i := len(names) - 1; i >= 0; i-- {
		index[names[i]] = i // the first of equal names, as Ratings lists them
	}
	cells := make([][]string, len(rs))
	cw := len(strconv.Itoa(len(rs))) // the column numbers
	for row, r := range rs {
		cells[row] = make([]string, len(rs))
		i, iok := index[r.Name]
		for col, o := range rs {
			j, jok := index[o.Name]
			c := "."
			if col == row {
				c = "-"
			} else if iok && jok {
				if t := pairResult(wdl, i, j); t.Games() > 0 {
					points := float64(t.Wins) + float64(t.Draws)/2
					c = fmt.Sprintf("%.1f-%.1f", points, float64(t.Games())-points)
				}
			}
			cells[row][col] = c
			cw = max(cw, len(c))
		}
	}
	w := nameWidth(rs)
	var b strings.Builder
	fmt.Fprintf(&b, "%4s %-*s", "Rank", w, "Name")
	for col := range rs {
		fmt.Fprintf(&b, "  %*d", cw, col+1)
	}
	b.WriteByte('\n')
	for row, r := range rs {
		fmt.Fprintf(&b, "%4d %-*s", row+1, w, r.Name)
		for _, c := range cells[row] {
			fmt.Fprintf(&b, "  %*s", cw, c)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// nameWidth is the width of the name column: the longest name, at least
// the header's.
func nameWidth(rs []Rating) int {
	w := len("Name")
	for _, r := range rs {
		w = max(w, utf8.RuneCountInString(r.Name)) // fmt pads by runes
	}
	return w
}

// fixed1 formats x to 1 decimal without the "-0.0" of a tiny negative
// rounding error (an even field's ratings).
func fixed1(x float64) string {
	if math.Abs(x) < 0.05 {
		x = 0
	}
	return strconv.FormatFloat(x, 'f', 1, 64)
}
