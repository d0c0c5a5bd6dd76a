package compat

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/stats"
)

// fastchessCutechessPrinter is fastchess's own cutechess-style output
// (-output format=cutechess, and -quick's): cutechess-cli's game lines and
// "Score of" lines, but fastchess's rating lines ("Elo difference: 12.34 +/-
// 56.78, LOS: 60.00 %, DrawRatio: 20.00 %", or its table for more engines),
// every -ratinginterval games and once more with the last score line.
type fastchessCutechessPrinter struct {
	toolPrinter
}

func (p *fastchessCutechessPrinter) Finished(rec *record.GameRecord, res *runner.Result) {
	p.inv.faultWithoutRecover(p.w, rec)
	enc := res.Encounters[rec.Encounter()]
	p.tally.add(rec, enc, rec.Encounter())
	fmt.Fprintf(p.w, "Finished game %d (%s vs %s): %s {%s}\n", rec.Number, rec.White, rec.Black, rec.Outcome, rec.Ending)
	last := res.Played == res.Total
	if n := p.inv.ScoreInterval; last || n > 0 && p.tally.finished%n == 0 {
		p.score(enc)
	}
	if n := p.inv.RatingInterval; last || n > 0 && p.tally.finished%n == 0 {
		p.interval(enc, res)
	}
	io.WriteString(p.w, p.order.finished())
}

// Final: an SPRT's verdict repeats the score and rating lines, then says
// the tournament finished, as fastchess does when its test ends.
func (p *fastchessCutechessPrinter) Final(res *runner.Result) {
	if res.SPRT == nil || len(res.Encounters) == 0 {
		return
	}
	if res.SPRT.Decision != stats.Continue || res.Played == res.Total {
		p.score(res.Encounters[0])
		p.interval(res.Encounters[0], res)
		fmt.Fprintln(p.w, "Tournament finished")
	}
}

func (p *fastchessCutechessPrinter) score(enc *runner.EncounterResult) {
	s := enc.Score
	fmt.Fprintf(p.w, "Score of %s vs %s: %d - %d - %d  [%s] %d\n", enc.Names[0], enc.Names[1], s.Wins, s.Losses, s.Draws,
		cFixed(points(s)/float64(s.Games()), 3), s.Games())
}

func (p *fastchessCutechessPrinter) interval(enc *runner.EncounterResult, res *runner.Result) {
	var b strings.Builder
	if len(p.tally.players) == 2 {
		s := enc.Score
		e := fastchessWDL(s)
		fmt.Fprintf(&b, "Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%\n", cFixed(e.diff, 2), cFixed(e.err, 2),
			cFixed(e.los, 2), cFixed(100*float64(s.Draws)/float64(s.Games()), 2))
	} else {
		p.table(&b)
	}
	if s := res.SPRT; s != nil {
		share := s.LLR / s.Upper
		if s.LLR < 0 {
			share = s.LLR / s.Lower
		}
		verdict := ""
		switch {
		case s.LLR >= s.Upper:
			verdict = " - H1 was accepted"
		case s.LLR < s.Lower:
			verdict = " - H0 was accepted"
		}
		fmt.Fprintf(&b, "SPRT: llr %.2f (%.1f%%), lbound %.2f, ubound %.2f%s\n", s.LLR, 100*share, s.Lower, s.Upper, verdict)
	}
	io.WriteString(p.w, b.String())
}

// table is fastchess's cutechess-style ranking of three or more engines.
func (p *fastchessCutechessPrinter) table(b *strings.Builder) {
	width := 25
	for _, n := range p.tally.names {
		width = max(width, len(n))
	}
	type row struct {
		index int
		games stats.Trinomial
		elo   fastchessElo
	}
	rows := make([]row, len(p.tally.players))
	for i := range p.tally.players {
		g := p.tally.players[i].total()
		rows[i] = row{i, g, fastchessWDL(g)}
	}
	sort.SliceStable(rows, func(a, b int) bool {
		x, y := rows[a].elo.diff, rows[b].elo.diff
		return !math.IsNaN(x) && math.IsNaN(y) || x > y
	})
	fmt.Fprintf(b, "%-4s %-*s %10s %10s %10s %10s %10s %10s %10s\n", "Rank", width, "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw")
	for rank, r := range rows {
		fmt.Fprintf(b, "%4d %-*s %10s %10s %10s %10s %10d %9s%% %9s%%\n", rank+1, width, p.tally.names[r.index],
			cFixed(r.elo.diff, 2), cFixed(r.elo.err, 2), cFixed(r.elo.nelo, 2), cFixed(r.elo.neloErr, 2), r.games.Games(),
			cFixed(points(r.games)/float64(r.games.Games())*100, 1), cFixed(100*float64(r.games.Draws)/float64(r.games.Games()), 1))
	}
}
