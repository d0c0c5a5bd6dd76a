package compat

import (
	"fmt"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/stats"
)

// cutechessPrinter prints what cutechess-cli 1.x prints, line for line where
// scripts parse it: "Started game", "Finished game N (A vs B): R {reason}",
// "Score of A vs B: W - L - D  [ratio] N", the rating block with "Elo
// difference" and "SPRT: llr", the outcome lists, "Finished match".
type cutechessPrinter struct {
	w     io.Writer
	inv   *Invocation
	tally *tally
}

func (p *cutechessPrinter) Started(number, total int, white, black string) {
	fmt.Fprintf(p.w, "Started game %d of %d (%s vs %s)\n", number, total, white, black)
}

func (p *cutechessPrinter) Warn(msg string) {
	p.inv.warned = true
	fmt.Fprintf(p.w, "Warning: %s\n", msg)
}

func (p *cutechessPrinter) Finished(rec *record.GameRecord, res *runner.Result) {
	enc := res.Encounters[rec.Encounter()]
	p.tally.add(rec, enc, rec.Encounter())
	fmt.Fprintf(p.w, "Finished game %d (%s vs %s): %s {%s}\n", rec.Number, rec.White, rec.Black, rec.Outcome, rec.Ending)
	if len(res.Encounters) == 1 && p.inv.ScoreInterval > 0 && p.tally.finished%p.inv.ScoreInterval == 0 {
		fmt.Fprintln(p.w, scoreLine(enc))
	}
	if n := p.inv.RatingInterval; n > 0 && p.tally.finished%n == 0 {
		io.WriteString(p.w, p.results(res))
	}
	if n := p.inv.OutcomeInterval; n > 0 && p.tally.finished%n == 0 {
		io.WriteString(p.w, p.outcomes())
	}
}

func (p *cutechessPrinter) Final(res *runner.Result) {
	if n := p.inv.RatingInterval; n == 0 || p.tally.finished%n != 0 || p.tally.finished == 0 {
		io.WriteString(p.w, p.results(res))
	}
	if n := p.inv.OutcomeInterval; n == 0 || p.tally.finished%n != 0 {
		io.WriteString(p.w, p.outcomes())
	}
	if p.inv.Dialect == Fastchess {
		fmt.Fprintln(p.w, terminationLine(res))
	}
	fmt.Fprintln(p.w, "Finished match")
}

// scoreLine: "Score of A vs B: 5 - 3 - 2  [0.600] 10".
func scoreLine(enc *runner.EncounterResult) string {
	t := enc.Score
	rate := 0.0
	if t.Games() > 0 {
		rate = points(t) / float64(t.Games())
	}
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%.3f] %d", enc.Names[0], enc.Names[1], t.Wins, t.Losses, t.Draws, rate, t.Games())
}

// results is cutechess's rating block: for two players the results by
// colour and the Elo line, for more the ranking table; then the SPRT line.
func (p *cutechessPrinter) results(res *runner.Result) string {
	var b strings.Builder
	if len(res.Encounters) == 1 && len(p.tally.players) == 2 {
		first := p.tally.index[res.Encounters[0].Names[0]]
		pl := &p.tally.players[first]
		sideLine := func(label string, t stats.Trinomial) {
			if t.Games() > 0 {
				fmt.Fprintf(&b, "...      %s: %d - %d - %d  [%.3f] %d\n", label, t.Wins, t.Losses, t.Draws, ratio(t), t.Games())
			}
		}
		sideLine(p.tally.names[first]+" playing White", pl.white)
		sideLine(p.tally.names[first]+" playing Black", pl.black)
		// White vs Black: the white side's wins, losses, draws.
		wb := stats.Trinomial{Wins: pl.white.Wins + pl.black.Losses, Losses: pl.white.Losses + pl.black.Wins, Draws: pl.white.Draws + pl.black.Draws}
		sideLine("White vs Black", wb)
		f := res.Encounters[0].Score.Figures()
		fmt.Fprintf(&b, "Elo difference: %s +/- %s, LOS: %s %%, DrawRatio: %s %%\n", fixed(f.Elo, 1), fixed(f.Elo95, 1), fixed(f.LOS, 1), fixed(f.DrawRatio, 1))
	} else {
		fmt.Fprintf(&b, "%4s %-25s %7s %7s %7s %7s %7s \n", "Rank", "Name", "Elo", "+/-", "Games", "Score", "Draw")
		seeds := 0
		if p.inv.Config.Type == spec.TypeGauntlet {
			seeds = p.inv.Config.Seeds
		}
		rank := 0
		if seeds > 0 {
			rank = -1
		}
		for _, i := range p.tally.ranked(seeds) {
			t := p.tally.players[i].total()
			if t.Games() == 0 {
				continue
			}
			rank++
			f := t.Figures()
			draws := 0.0
			if t.Games() > 0 {
				draws = float64(t.Draws) / float64(t.Games())
			}
			fmt.Fprintf(&b, "%4d %-25s %7s %7s %7d %6.1f%% %6.1f%% \n", rank, p.tally.names[i], fixed(f.Elo, 0), fixed(f.Elo95, 0), t.Games(), 100*ratio(t), 100*draws)
		}
	}
	if s := res.SPRT; s != nil {
		b.WriteString(cutechessSPRTLine(s) + "\n")
	}
	return b.String()
}

// cutechessSPRTLine: "SPRT: llr 0.345 (11.7%), lbound -2.94, ubound 2.94",
// with " - H1 was accepted" once decided; numbers to 3 significant digits
// and the share of the upper bound, as cutechess-cli prints them.
func cutechessSPRTLine(s *runner.SPRTState) string {
	line := fmt.Sprintf("SPRT: llr %s (%.1f%%), lbound %s, ubound %s", sig3(s.LLR), s.LLR/s.Upper*100, sig3(s.Lower), sig3(s.Upper))
	switch s.Decision {
	case stats.AcceptH0:
		line += " - H0 was accepted"
	case stats.AcceptH1:
		line += " - H1 was accepted"
	}
	return line
}

// sig3 is Qt's 'g' format with 3 significant digits.
func sig3(x float64) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return fmt.Sprint(x)
	}
	return fmt.Sprintf("%.3g", x)
}

// outcomes lists, per player, how its games ended.
func (p *cutechessPrinter) outcomes() string {
	var b strings.Builder
	for i, pl := range p.tally.players {
		fmt.Fprintf(&b, "Player: %s\n", p.tally.names[i])
		reasons := make([]string, 0, len(pl.outcomes))
		for r := range pl.outcomes {
			reasons = append(reasons, r)
		}
		sort.Strings(reasons)
		for _, r := range reasons {
			fmt.Fprintf(&b, "   \"%s\": %d\n", r, pl.outcomes[r])
		}
	}
	return b.String()
}

// terminationLine is how fastchess says a run ended.
func terminationLine(res *runner.Result) string {
	if s := res.SPRT; s != nil && s.Decision != stats.Continue {
		return fmt.Sprintf("SPRT ([%.2f, %.2f]) completed - %s was accepted", s.Test.Elo0, s.Test.Elo1, s.Decision)
	}
	if res.Interrupted {
		return "Tournament was interrupted."
	}
	return "Tournament finished"
}
