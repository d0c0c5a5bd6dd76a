package compat

import (
	"fmt"
	"sort"
	"strings"

	"github.com/autoplay/autoplay/runner/stats"
)

// cutechessNamedFormats are cutechess-cli 1.2.0's -resultformat names.
var cutechessNamedFormats = []keyText{
	{"minimal", "Rank,Name"},
	{"small", "Rank,Name,Games,Points"},
	{"short", "Rank,Name,Elo,Games"},
	{"concise", "Rank,Name,Elo,Error,Games"},
	{"default", "Rank,Name,Elo,Error,Games,Score,DScore"},
	{"with-points", "Rank,Name,Elo,Error,Games,Points,Score,DScore"},
	{"wide", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore"},
	{"wide2", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,wScore,bScore"},
	{"per-color", "Rank,Name,Elo,Error,Games,W,L,D,Points,wW,wL,wD,wPoints,bW,bL,bD,bPoints"},
	{"ordo", "Rank,Name,Elo,Points,Games,Score"},
}

// cutechessFieldTokens are the field names a -resultformat list may hold.
// cutechess-cli 1.2.0 knows LOS and the per-colour Elo fields but prints
// them empty, and skips unknown names (wPoints, bPoints) silently; so does
// this table.
var cutechessFieldTokens = []string{"Rank", "Name", "Games", "W", "L", "D", "wW", "wL", "wD", "bW", "bL", "bD",
	"Points", "Score", "DScore", "Elo", "Error", "LOS", "wScore", "wDScore", "wElo", "wError", "wLOS",
	"bScore", "bDScore", "bElo", "bError", "bLOS"}

// cutechessHeaders are the column titles and their widths (negative: left
// aligned); cutechessHeader formats them.
var cutechessHeaders = []struct {
	field, title string
	width        int
}{
	{"Rank", "Rank", 4}, {"Name", "Name", -25},
	{"Elo", "Elo", 7}, {"Error", "+/-", 7}, {"Games", "Games", 7},
	{"W", "Wins", 7}, {"L", "Losses", 7}, {"D", "Draws", 7},
	{"Points", "Points", 8}, {"Score", "Score", 7}, {"DScore", "Draw", 7},
	{"wScore", "White", 7}, {"bScore", "Black", 7},
	{"wDScore", "WDraw", 7}, {"bDScore", "BDraw", 7},
	{"wW", "WWins", 7}, {"wL", "WLoss.", 7}, {"wD", "WDraws", 7},
	{"bW", "BWins", 7}, {"bL", "BLoss.", 7}, {"bD", "BDraws", 7},
}

// cutechessHeader is field's column title with its trailing space ("" for
// a field without one).
func cutechessHeader(field string) string {
	for _, h := range cutechessHeaders {
		if h.field == field {
			return fmt.Sprintf("%*s ", h.width, h.title)
		}
	}
	return ""
}

// resultFormatFields resolves a -resultformat value (a name or a comma
// separated list, spaces ignored) to its known fields.
func resultFormatFields(format string) []string {
	if named, ok := lookup(cutechessNamedFormats, format); ok {
		format = named
	}
	var out []string
	for _, f := range strings.Split(strings.ReplaceAll(format, " ", ""), ",") {
		for _, known := range cutechessFieldTokens {
			if f == known {
				out = append(out, f)
			}
		}
	}
	return out
}

// checkResultFormat refuses what cutechess-cli would print nothing for.
func checkResultFormat(format string) error {
	if len(resultFormatFields(format)) == 0 {
		return fmt.Errorf("%q names no format and no field (names: minimal small short concise default with-points wide wide2 per-color ordo; fields: %s)",
			format, strings.Join(cutechessFieldTokens, " "))
	}
	return nil
}

// cutechessRanking is the table of three or more players, ordered as
// cutechess-cli 1.2.0 orders it: a gauntlet's seeds first, then by score,
// the later entered first among equal scores, players without games last.
func (p *cutechessPrinter) cutechessRanking(seeds int) string {
	type row struct {
		key   float64
		index int
	}
	rows := make([]row, len(p.tally.players))
	for i := range p.tally.players {
		t := p.tally.players[i].total()
		key := -1.0
		if i >= seeds || seeds == 0 {
			key = 2
			if t.Games() > 0 {
				key = 1 - newCutechessElo(t).pointRatio()
			}
		}
		rows[i] = row{key, i}
	}
	sort.SliceStable(rows, func(a, b int) bool {
		if rows[a].key != rows[b].key {
			return rows[a].key < rows[b].key
		}
		return rows[a].index > rows[b].index
	})
	fields := resultFormatFields(p.inv.ResultFormat)
	var b strings.Builder
	for _, f := range fields {
		b.WriteString(cutechessHeader(f))
	}
	b.WriteString("\n")
	rank := 0
	if seeds > 0 {
		rank = -1
	}
	for _, r := range rows {
		rank++
		for _, f := range fields {
			b.WriteString(p.cutechessField(f, r.index, rank))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// cutechessField is one cell of player i's row, with its trailing space.
func (p *cutechessPrinter) cutechessField(field string, i, rank int) string {
	pl := &p.tally.players[i]
	t := pl.total()
	all, white, black := newCutechessElo(t), newCutechessElo(pl.white), newCutechessElo(pl.black)
	percent := func(x float64) string { return fmt.Sprintf("%6s%% ", qtFixed(x*100, 1)) }
	switch field {
	case "Rank":
		return fmt.Sprintf("%4d ", rank)
	case "Name":
		return fmt.Sprintf("%-25s ", p.tally.names[i])
	case "Elo":
		return fmt.Sprintf("%7s ", qtFixed(all.diff(), 0))
	case "Error":
		return fmt.Sprintf("%7s ", qtFixed(all.errorMargin(), 0))
	case "Games":
		return fmt.Sprintf("%7d ", t.Games())
	case "W":
		return fmt.Sprintf("%7d ", t.Wins)
	case "L":
		return fmt.Sprintf("%7d ", t.Losses)
	case "D":
		return fmt.Sprintf("%7d ", t.Draws)
	case "Points":
		return fmt.Sprintf("%8s ", qtFixed(points(t), 1))
	case "Score":
		return percent(all.pointRatio())
	case "DScore":
		return percent(all.drawRatio())
	case "wScore":
		return percent(white.pointRatio())
	case "bScore":
		return percent(black.pointRatio())
	case "wDScore":
		return percent(white.drawRatio())
	case "bDScore":
		return percent(black.drawRatio())
	case "wW", "wL", "wD", "bW", "bL", "bD":
		side := pl.white
		if field[0] == 'b' {
			side = pl.black
		}
		n := map[byte]int{'W': side.Wins, 'L': side.Losses, 'D': side.Draws}[field[1]]
		return fmt.Sprintf("%7d ", n)
	}
	return "" // a field cutechess-cli 1.2.0 names but leaves empty (LOS, wElo, ...)
}

// cutechessHeadToHead is the two-player block: results by colour from the
// first player's side and the Elo line (no newline after it).
func (p *cutechessPrinter) cutechessHeadToHead() string {
	var b strings.Builder
	pl := &p.tally.players[0]
	name := p.tally.names[0]
	side := func(label string, t stats.Trinomial) {
		if t.Games() > 0 {
			fmt.Fprintf(&b, "...      %s: %d - %d - %d  [%s] %d\n", label, t.Wins, t.Losses, t.Draws, qtFixed(ratio(t), 3), t.Games())
		}
	}
	side(name+" playing White", pl.white)
	side(name+" playing Black", pl.black)
	// White vs Black: the white side's wins, losses and draws.
	side("White vs Black", stats.Trinomial{Wins: pl.white.Wins + pl.black.Losses, Losses: pl.white.Losses + pl.black.Wins, Draws: pl.white.Draws + pl.black.Draws})
	e := newCutechessElo(pl.total())
	fmt.Fprintf(&b, "Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%",
		qtFixed(e.diff(), 1), qtFixed(e.errorMargin(), 1), qtFixed(e.los(), 1), qtFixed(e.drawRatio()*100, 1))
	return b.String()
}
