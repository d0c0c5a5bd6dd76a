package compat

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

const fastchessRule = "--------------------------------------------------"

// fastchessPrinter prints what fastchess 1.8 prints: "Started game",
// "Finished game", and every rating interval (and at the end) the block
// between two rules ("Results of A vs B (tc, threads, hash, book):",
// "Elo:", "LOS:", "Games: N, Wins: ...", "Ptnml(0-2): [...]", "LLR: ...").
// As fastchess does with the pentanomial report, the block counts completed
// game pairs only. "Finished match" and "Total Time" come from Conclude,
// after the PGN's CRC32 line.
type fastchessPrinter struct {
	toolPrinter
	// intervalAtEnd: the last game's interval block was due as well.
	intervalAtEnd bool
	// declared is what each engine (by index) declared in its handshake,
	// from the games played: the header's threads and hash when the
	// command line set none.
	declared map[int]record.Identity
}

func (p *fastchessPrinter) Finished(rec *record.GameRecord, res *runner.Result) {
	p.inv.faultWithoutRecover(p.w, rec)
	if p.declared == nil {
		p.declared = map[int]record.Identity{}
	}
	p.declared[rec.Place.White], p.declared[rec.Place.Black] = rec.Engines[record.White], rec.Engines[record.Black]
	enc := res.Encounters[rec.Encounter()]
	pairsBefore := p.tally.completedPairs()
	p.tally.add(rec, enc, rec.Encounter())
	p.inv.printCRC(p.w) // the game is in the PGN: fastchess says so first
	fmt.Fprintf(p.w, "Finished game %d (%s vs %s): %s {%s}\n", rec.Number, rec.White, rec.Black, rec.Outcome, record.ToolEnding(rec.Ending))
	due := false
	if n := p.inv.RatingInterval; n > 0 {
		if p.inv.ReportPenta {
			pairs := p.tally.completedPairs()
			due = pairs > pairsBefore && pairs%n == 0
		} else {
			due = p.tally.finished%n == 0
		}
	}
	decided := res.SPRT != nil && res.SPRT.Decision != stats.Continue
	switch {
	case res.Played == res.Total || decided:
		p.intervalAtEnd = due // Final prints it
	case due:
		io.WriteString(p.w, p.block(res))
	}
	io.WriteString(p.w, p.order.finished())
}

// Final prints the last block: once when every game was played, again with
// the termination line when an SPRT ended the run (fastchess prints the
// block from the game's callback, then once more with its verdict).
func (p *fastchessPrinter) Final(res *runner.Result) {
	decided := res.SPRT != nil && res.SPRT.Decision != stats.Continue
	printed := false
	if res.Played == res.Total || p.intervalAtEnd {
		io.WriteString(p.w, p.block(res))
		printed = true
	}
	if decided || !printed {
		io.WriteString(p.w, p.block(res))
	}
	if decided || res.Interrupted {
		fmt.Fprintln(p.w, terminationLine(res))
	}
}

// block is the rating report between two rules.
func (p *fastchessPrinter) block(res *runner.Result) string {
	var b strings.Builder
	b.WriteString(fastchessRule + "\n")
	if len(p.tally.players) == 2 && len(res.Encounters) == 1 {
		p.headToHead(&b, res)
	} else {
		p.table(&b)
	}
	if s := res.SPRT; s != nil {
		// fastchess's share of the bound the LLR heads for: negative below 0.
		share := s.LLR / s.Upper
		if s.LLR < 0 {
			share = -s.LLR / s.Lower
		}
		fmt.Fprintf(&b, "LLR: %.2f (%.1f%%) (%.2f, %.2f) [%.2f, %.2f]\n", s.LLR, 100*share, s.Lower, s.Upper, s.Test.Elo0, s.Test.Elo1)
	}
	b.WriteString(fastchessRule + "\n")
	return b.String()
}

func (p *fastchessPrinter) headToHead(b *strings.Builder, res *runner.Result) {
	enc := res.Encounters[0]
	first, second := &p.inv.Config.Engines[enc.First], &p.inv.Config.Engines[enc.Second]
	book := ""
	if f := p.inv.Config.Openings.File; f != "" {
		book = ", " + filepath.Base(f)
	}
	fmt.Fprintf(b, "Results of %s vs %s (%s, %s, %s%s):\n", enc.Names[0], enc.Names[1],
		either(limitText(first.TC), limitText(second.TC)),
		either(optionText(first, uci.OptThreads, p.declared[enc.First].Threads, "t"), optionText(second, uci.OptThreads, p.declared[enc.Second].Threads, "t")),
		either(optionText(first, uci.OptHash, p.declared[enc.First].Hash, "MB"), optionText(second, uci.OptHash, p.declared[enc.Second].Hash, "MB")), book)
	var ps pentaSplit
	if len(p.tally.pentas) > 0 {
		ps = p.tally.pentas[0]
	}
	games := enc.Score
	var e fastchessElo
	if p.inv.ReportPenta {
		games = stats.Trinomial{}
		if len(p.tally.pairGames) > 0 {
			games = p.tally.pairGames[0]
		}
		e = fastchessPenta(ps)
	} else {
		e = fastchessWDL(games)
	}
	fmt.Fprintf(b, "Elo: %s +/- %s, nElo: %s +/- %s\n", cFixed(e.diff, 2), cFixed(e.err, 2), cFixed(e.nelo, 2), cFixed(e.neloErr, 2))
	if p.inv.ReportPenta {
		fmt.Fprintf(b, "LOS: %s %%, DrawRatio: %s %%, PairsRatio: %s\n", cFixed(e.los, 2),
			cFixed(float64(ps.WL+ps.DD)/float64(ps.pairs())*100, 2), cRatio(ps.WW+ps.WD, ps.LD+ps.LL))
	} else {
		fmt.Fprintf(b, "LOS: %s %%, DrawRatio: %s %%\n", cFixed(e.los, 2), cFixed(100*float64(games.Draws)/float64(games.Games()), 2))
	}
	fmt.Fprintf(b, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%s %%)\n",
		games.Games(), games.Wins, games.Losses, games.Draws, points(games), cFixed(points(games)/float64(games.Games())*100, 2))
	if p.inv.ReportPenta {
		pt := ps.pentanomial()
		fmt.Fprintf(b, "Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %s\n", pt[0], pt[1], pt[2], pt[3], pt[4], cRatio(ps.WL, ps.DD))
	}
}

// table is fastchess's ranking of three or more engines, by Elo.
func (p *fastchessPrinter) table(b *strings.Builder) {
	width := 25
	for _, n := range p.tally.names {
		width = max(width, len(n))
	}
	type row struct {
		index int
		games stats.Trinomial
		elo   fastchessElo
		draw  float64
	}
	rows := make([]row, len(p.tally.players))
	for i := range p.tally.players {
		pl := &p.tally.players[i]
		r := row{index: i, games: pl.total()}
		if p.inv.ReportPenta {
			r.games, r.elo = pl.pairGames, fastchessPenta(pl.penta)
			r.draw = float64(pl.penta.WL+pl.penta.DD) / float64(pl.penta.pairs()) * 100
		} else {
			r.elo = fastchessWDL(r.games)
			r.draw = 100 * float64(r.games.Draws) / float64(r.games.Games())
		}
		rows[i] = r
	}
	sort.SliceStable(rows, func(a, b int) bool {
		x, y := rows[a].elo.diff, rows[b].elo.diff
		return !math.IsNaN(x) && math.IsNaN(y) || x > y
	})
	fmt.Fprintf(b, "%-4s %-*s %10s %10s %10s %10s %10s %10s %10s %20s\n", "Rank", width, "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw", "Ptnml(0-2)")
	for rank, r := range rows {
		ptnml := ""
		if p.inv.ReportPenta {
			pt := p.tally.players[r.index].penta.pentanomial()
			ptnml = fmt.Sprintf("[%d, %d, %d, %d, %d]", pt[0], pt[1], pt[2], pt[3], pt[4])
		}
		fmt.Fprintf(b, "%4d %-*s %10s %10s %10s %10s %10d %9s%% %9s%% %20s\n", rank+1, width, p.tally.names[r.index],
			cFixed(r.elo.diff, 2), cFixed(r.elo.err, 2), cFixed(r.elo.nelo, 2), cFixed(r.elo.neloErr, 2), r.games.Games(),
			cFixed(points(r.games)/float64(r.games.Games())*100, 1), cFixed(r.draw, 1), ptnml)
	}
}

// either prints one value when both engines share it, else "a - b".
func either(a, b string) string {
	if a == b {
		return a
	}
	return a + " - " + b
}

// limitText is fastchess's time control text: "40/60+0.6", "10+0.1",
// "0.5/move", "12 plies", "1000 nodes".
func limitText(tc spec.TimeControl) string {
	seconds := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'g', -1, 64) }
	switch {
	case tc.Base+tc.Inc > 0:
		s := ""
		if tc.Moves > 0 {
			s = strconv.Itoa(tc.Moves) + "/"
		}
		s += seconds(tc.Base)
		if tc.Inc > 0 {
			s += "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'g', 2, 64)
		}
		return s
	case tc.MoveTime > 0:
		return seconds(tc.MoveTime) + "/move"
	case tc.Depth > 0:
		return strconv.Itoa(tc.Depth) + " plies"
	case tc.Nodes > 0:
		return strconv.FormatUint(tc.Nodes, 10) + " nodes"
	}
	return ""
}

// optionText is an option's value with a unit ("1t", "16MB"): as set, else
// the engine's declared default (0: none), else "NULL", as fastchess prints
// its engines' options.
func optionText(e *spec.EngineConfig, name string, declared int, unit string) string {
	for _, o := range e.Options {
		if strings.EqualFold(o.Name, name) {
			return o.Value + unit
		}
	}
	if declared > 0 {
		return strconv.Itoa(declared) + unit
	}
	return "NULL"
}
