package runner

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// ownPrinter prints a run in autoplay's own words, whole lines at a time.
// On a terminal it keeps a live status line under the finished games;
// elsewhere it prints the score every report_every games. Quiet prints
// only the final result and the warnings a result may hang on (alert).
// The reporter calls it under its lock.
type ownPrinter struct {
	screen *screen
	cfg    *spec.Config
	res    *Result
	live   bool // a terminal: redraw the status line
	begun  time.Time
	played int // games finished in this process (for the rate)
}

func newOwnPrinter(c *spec.Config, res *Result, s *screen) *ownPrinter {
	p := &ownPrinter{screen: s, cfg: c, res: res, begun: time.Now()}
	if f, ok := s.w.(*os.File); ok && !c.Quiet {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.live = true
		}
	}
	return p
}

func (p *ownPrinter) Warn(msg string) {
	if !p.cfg.Quiet {
		p.screen.printf("Warning: %s\n", msg)
	}
}

// alert is a warning shown even under Quiet: one that a run's result may
// hang on, such as an option the engine does not declare (a typo).
func (p *ownPrinter) alert(msg string) {
	p.screen.printf("Warning: %s\n", msg)
}

func (p *ownPrinter) Started(number, total int, white, black string) {
	if p.cfg.Verbose {
		p.screen.printf("Started game %d of %d (%s vs %s)\n", number, total, white, black)
	}
}

func (p *ownPrinter) resumed(res *Result) {
	if !p.cfg.Quiet {
		p.screen.printf("Resuming: %d of %d games already played in %s\n", res.Resumed, res.Total, p.cfg.PGNOut)
	}
}

// Finished reports a game, after it is in the PGN and counted in p.res.
func (p *ownPrinter) Finished(rec *record.GameRecord, _ *Result) {
	if p.cfg.Quiet {
		return
	}
	p.played++
	p.screen.clearStatus()
	fmt.Fprintf(p.screen.w, "Finished game %d (%s vs %s): %s {%s}\n", rec.Number, rec.White, rec.Black, rec.Outcome, rec.Ending)
	switch {
	case p.live:
		io.WriteString(p.screen.w, p.statusLine())
		p.screen.statusShown = true
	case p.cfg.ReportEvery > 0 && p.res.Played%p.cfg.ReportEvery == 0 && p.res.Played < p.res.Total:
		io.WriteString(p.screen.w, p.scoreBlock())
	}
}

// statusLine is the live one-line summary: progress, score, rate, ETA.
func (p *ownPrinter) statusLine() string {
	res := p.res
	var b strings.Builder
	fmt.Fprintf(&b, "[%d/%d]", res.Played, res.Total)
	if p.cfg.Type == spec.TypeMatch {
		enc := res.Encounters[0]
		f := enc.Score.Figures()
		fmt.Fprintf(&b, " +%d -%d =%d", enc.Score.Wins, enc.Score.Losses, enc.Score.Draws)
		if enc.Score.Games() > 0 {
			fmt.Fprintf(&b, "  Elo %s ± %s", f.Elo, f.Elo95)
		}
	}
	if s := res.SPRT; s != nil {
		fmt.Fprintf(&b, "  LLR %.2f [%.2f, %.2f]", s.LLR, s.Lower, s.Upper)
	}
	elapsed := time.Since(p.begun)
	if p.played > 0 && elapsed > 0 {
		perMin := float64(p.played) / elapsed.Minutes()
		left := res.Total - res.Played
		eta := time.Duration(float64(left) / perMin * float64(time.Minute)).Round(time.Second)
		fmt.Fprintf(&b, "  %.1f games/min  ETA %v", perMin, eta)
	}
	return b.String()
}

// scoreBlock is the cutechess-style score of a match, or the standings of a
// tournament.
func (p *ownPrinter) scoreBlock() string {
	res := p.res
	var b strings.Builder
	if p.cfg.Type == spec.TypeMatch {
		enc := res.Encounters[0]
		b.WriteString(stats.ScoreLine(enc.Names[0], enc.Names[1], enc.Score) + "\n")
		if enc.Score.Games() > 0 {
			b.WriteString(stats.EloLine(enc.Score.Figures()) + "\n")
		}
		if enc.Pairs.Pairs() > 0 {
			b.WriteString(stats.PentanomialLine(enc.Pairs) + "\n")
		}
		if s := res.SPRT; s != nil {
			b.WriteString(stats.SPRTLine(s.Test, s.LLR) + "\n")
		}
		return b.String()
	}
	for _, enc := range res.Encounters {
		if enc.Score.Games() > 0 {
			b.WriteString(stats.ScoreLine(enc.Names[0], enc.Names[1], enc.Score) + "\n")
		}
	}
	return b.String()
}

// standings is the rating table and crosstable of a tournament.
func standings(res *Result) string {
	names := make([]string, len(res.Engines))
	for i, e := range res.Engines {
		names[i] = e.Name
	}
	wdl := res.wdlMatrix()
	ratings := stats.Ratings(names, wdl)
	return stats.RatingTable(ratings) + "\n" + stats.Crosstable(ratings, names, wdl)
}

// Final prints the result of the run: the score (match) or the rating table
// and crosstable (tournaments), the SPRT's decision, and engine failures.
func (p *ownPrinter) Final(res *Result) {
	var b strings.Builder
	if res.Interrupted {
		fmt.Fprintf(&b, "Interrupted after %d of %d games\n", res.Played, res.Total)
	}
	if p.cfg.Type == spec.TypeMatch {
		b.WriteString(p.scoreBlock())
	} else if res.Played > 0 {
		b.WriteString(standings(res))
	}
	if p.cfg.Type == spec.TypeMatch {
		// Both models, each labelled; --json carries these same figures.
		if enc := res.Encounters[0]; enc.Score.Games() > 0 {
			b.WriteString(stats.NEloLine(enc.Score.Figures()) + "\n")
			if enc.Pairs.Pairs() > 0 {
				b.WriteString(stats.PairsLine(enc.Pairs.Figures()) + "\n")
			}
		}
	}
	if s := res.SPRT; s != nil {
		switch s.Decision {
		case stats.AcceptH1:
			fmt.Fprintf(&b, "H1 accepted: LLR %.3f >= %.3f after %d games\n", s.LLR, s.Upper, res.Played)
		case stats.AcceptH0:
			fmt.Fprintf(&b, "H0 accepted: LLR %.3f <= %.3f after %d games\n", s.LLR, s.Lower, res.Played)
		default:
			fmt.Fprintf(&b, "SPRT undecided: LLR %.3f within [%.3f, %.3f] after %d games\n", s.LLR, s.Lower, s.Upper, res.Played)
		}
	}
	for _, e := range res.Engines {
		if line := failureLine(e); line != "" {
			b.WriteString(line + "\n")
		}
	}
	for _, t := range res.Timing {
		if line := t.Line(); line != "" {
			b.WriteString(line + "\n")
		}
		for _, w := range t.Warnings() {
			b.WriteString("Warning: " + w + "\n")
		}
	}
	if note := MachineBusyNote(res.Timing); note != "" {
		b.WriteString("Note: " + note + "\n")
	}
	p.screen.printf("%s", b.String())
}

// failureLine lists what an engine did wrong, or "".
func failureLine(e stats.EngineStats) string {
	var parts []string
	for _, c := range []struct {
		n    int
		what string
	}{{e.TimeForfeits, "time forfeit"}, {e.Disconnects, "disconnect"}, {e.Stalls, "stall"}, {e.Illegal, "illegal move or claim"}} {
		if c.n > 0 {
			parts = append(parts, plural(c.n, c.what))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Engine " + e.Name + ": " + strings.Join(parts, ", ")
}
