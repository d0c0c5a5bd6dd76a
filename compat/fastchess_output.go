package compat

import (
	"fmt"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/stats"
)

const fastchessRule = "--------------------------------------------------"

// fastchessPrinter prints what fastchess 1.x prints: "Started game",
// "Finished game", and every rating interval the block between two rules
// ("Results of A vs B (tc, threads, hash, book):", "Elo:", "LOS:", "Games:
// N, Wins: ...", "Ptnml(0-2): [...]", "LLR: ..."), then the termination line
// and "Finished match". As fastchess does with the pentanomial report, the
// block counts completed game pairs only.
type fastchessPrinter struct {
	w     io.Writer
	inv   *Invocation
	tally *tally
}

func (p *fastchessPrinter) Started(number, total int, white, black string) {
	fmt.Fprintf(p.w, "Started game %d of %d (%s vs %s)\n", number, total, white, black)
}

func (p *fastchessPrinter) Warn(msg string) {
	p.inv.warned = true
	fmt.Fprintf(p.w, "Warning; %s\n", msg)
}

func (p *fastchessPrinter) Finished(rec *record.GameRecord, res *runner.Result) {
	enc := res.Encounters[rec.Encounter()]
	before := p.tally.pentas
	pairsBefore := 0
	for _, ps := range before {
		pairsBefore += ps.pairs()
	}
	p.tally.add(rec, enc, rec.Encounter())
	pairsAfter := 0
	for _, ps := range p.tally.pentas {
		pairsAfter += ps.pairs()
	}
	fmt.Fprintf(p.w, "Finished game %d (%s vs %s): %s {%s}\n", rec.Number, rec.White, rec.Black, rec.Outcome, rec.Ending)
	n := p.inv.RatingInterval
	if n <= 0 || res.Played == res.Total || res.SPRT != nil && res.SPRT.Decision != stats.Continue {
		return // the final block follows
	}
	if p.inv.ReportPenta {
		if pairsAfter > pairsBefore && pairsAfter%n == 0 {
			io.WriteString(p.w, p.block(res))
		}
	} else if p.tally.finished%n == 0 {
		io.WriteString(p.w, p.block(res))
	}
}

func (p *fastchessPrinter) Final(res *runner.Result) {
	io.WriteString(p.w, p.block(res))
	fmt.Fprintln(p.w, terminationLine(res))
	fmt.Fprintln(p.w, "Finished match")
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
		toward := s.Upper
		if s.LLR < 0 {
			toward = s.Lower
		}
		fmt.Fprintf(&b, "LLR: %.2f (%.1f%%) (%.2f, %.2f) [%.2f, %.2f]\n", s.LLR, 100*s.LLR/toward, s.Lower, s.Upper, s.Test.Elo0, s.Test.Elo1)
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
		either(limitText(first.TC), limitText(second.TC)), either(optionText(first, "Threads", "t"), optionText(second, "Threads", "t")),
		either(optionText(first, "Hash", "MB"), optionText(second, "Hash", "MB")), book)
	games := enc.Score
	var f stats.Figures
	penta := p.tally.pentas[0:0]
	if len(p.tally.pentas) > 0 {
		penta = p.tally.pentas[:1]
	}
	if p.inv.ReportPenta {
		games = stats.Trinomial{}
		if len(p.tally.pairGames) > 0 {
			games = p.tally.pairGames[0]
		}
		var ps pentaSplit
		if len(penta) > 0 {
			ps = penta[0]
		}
		f = ps.pentanomial().Figures()
		fmt.Fprintf(b, "Elo: %s +/- %s, nElo: %s +/- %s\n", fixed(f.Elo, 2), fixed(f.Elo95, 2), fixed(f.NElo, 2), fixed(f.NElo95, 2))
		fmt.Fprintf(b, "LOS: %s %%, DrawRatio: %s %%, PairsRatio: %s\n", fixed(f.LOS, 2), fixed(f.DrawRatio, 2), ratioText(ps.WW+ps.WD, ps.LL+ps.LD))
	} else {
		f = games.Figures()
		fmt.Fprintf(b, "Elo: %s +/- %s, nElo: %s +/- %s\n", fixed(f.Elo, 2), fixed(f.Elo95, 2), fixed(f.NElo, 2), fixed(f.NElo95, 2))
		fmt.Fprintf(b, "LOS: %s %%, DrawRatio: %s %%\n", fixed(f.LOS, 2), fixed(f.DrawRatio, 2))
	}
	fmt.Fprintf(b, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)\n",
		games.Games(), games.Wins, games.Losses, games.Draws, points(games), 100*ratio(games))
	if p.inv.ReportPenta {
		var ps pentaSplit
		if len(penta) > 0 {
			ps = penta[0]
		}
		pt := ps.pentanomial()
		fmt.Fprintf(b, "Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %s\n", pt[0], pt[1], pt[2], pt[3], pt[4], ratioText(ps.WL, ps.DD))
	}
}

// table is fastchess's ranking of three or more engines.
func (p *fastchessPrinter) table(b *strings.Builder) {
	width := 25
	for _, n := range p.tally.names {
		width = max(width, len(n))
	}
	fmt.Fprintf(b, "%-4s %-*s %10s %10s %10s %10s %10s %10s %10s %20s\n", "Rank", width, "Name", "Elo", "+/-", "nElo", "+/-", "Games", "Score", "Draw", "Ptnml(0-2)")
	for rank, i := range p.tally.ranked(0) {
		pl := &p.tally.players[i]
		t := pl.total()
		f := t.Figures()
		ptnml := ""
		if p.inv.ReportPenta {
			t = pl.pairGames
			f = pl.penta.pentanomial().Figures()
			pt := pl.penta.pentanomial()
			ptnml = fmt.Sprintf("[%d, %d, %d, %d, %d]", pt[0], pt[1], pt[2], pt[3], pt[4])
		}
		fmt.Fprintf(b, "%4d %-*s %10s %10s %10s %10s %10d %9.1f%% %9s%% %20s\n", rank+1, width, p.tally.names[i],
			fixed(f.Elo, 2), fixed(f.Elo95, 2), fixed(f.NElo, 2), fixed(f.NElo95, 2), t.Games(), 100*ratio(t), fixed(f.DrawRatio, 1), ptnml)
	}
}

func ratioText(a, b int) string {
	if b == 0 {
		if a == 0 {
			return "nan"
		}
		return "inf"
	}
	return strconv.FormatFloat(float64(a)/float64(b), 'f', 2, 64)
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

// optionText is an option's value with a unit ("1t", "16MB"), "NULL" when
// it was not set.
func optionText(e *spec.EngineConfig, name, unit string) string {
	for _, o := range e.Options {
		if strings.EqualFold(o.Name, name) {
			return o.Value + unit
		}
	}
	return "NULL"
}
