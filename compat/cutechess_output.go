package compat

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// cutechessPrinter prints what cutechess-cli 1.2.0 prints, line for line:
// "Started game", "Finished game N (A vs B): R {reason}", with two players
// "Score of A vs B: W - L - D  [ratio] N" after each game, the results
// block every -ratinginterval games and at the end (with its "SPRT: llr"
// line), then "Finished match". The per-player outcome lists of cutechess-cli
// 1.3 come only with -outcomeinterval.
type cutechessPrinter struct {
	toolPrinter
}

func (p *cutechessPrinter) Finished(rec *record.GameRecord, res *runner.Result) {
	enc := res.Encounters[rec.Encounter()]
	p.tally.add(rec, enc, rec.Encounter())
	p.inv.printCRC(p.w) // the game is in the PGN: fastchess says so first
	fmt.Fprintf(p.w, "Finished game %d (%s vs %s): %s {%s}\n", rec.Number, rec.White, rec.Black, rec.Outcome, record.ToolEnding(rec.Ending))
	if len(p.tally.players) == 2 && p.inv.ScoreInterval > 0 && p.tally.finished%p.inv.ScoreInterval == 0 {
		fmt.Fprintln(p.w, p.scoreLine())
	}
	if n := p.inv.RatingInterval; n > 0 && p.tally.finished%n == 0 {
		fmt.Fprintln(p.w, p.results(res))
	}
	if n := p.inv.OutcomeInterval; n > 0 && p.tally.finished%n == 0 {
		io.WriteString(p.w, p.outcomes())
	}
	io.WriteString(p.w, p.order.finished())
}

func (p *cutechessPrinter) Final(res *runner.Result) {
	if n := p.inv.RatingInterval; n == 0 || p.tally.finished%n != 0 {
		fmt.Fprintln(p.w, p.results(res))
	}
	if n := p.inv.OutcomeInterval; n > 0 && p.tally.finished%n != 0 {
		io.WriteString(p.w, p.outcomes())
	}
	if p.inv.Dialect == Fastchess {
		if line := terminationLine(res); line != "" {
			fmt.Fprintln(p.w, line)
		}
		return // Conclude says "Finished match"
	}
	fmt.Fprintln(p.w, "Finished match")
}

// scoreLine: "Score of A vs B: 5 - 3 - 2  [0.600] 10", from the first
// player's side.
func (p *cutechessPrinter) scoreLine() string {
	first, second := &p.tally.players[0], &p.tally.players[1]
	t := first.total()
	return fmt.Sprintf("Score of %s vs %s: %d - %d - %d  [%s] %d", p.tally.names[0], p.tally.names[1],
		t.Wins, second.total().Wins, t.Draws, qtFixed(ratio(t), 3), t.Games())
}

// results is cutechess's results block, without its final newline: for two
// players the results by colour and the Elo line, for more the ranking
// table (which ends in a newline); then the SPRT line.
func (p *cutechessPrinter) results(res *runner.Result) string {
	var out string
	if p.inv.Config.Type == spec.TypeKnockout && p.inv.Dialect == Cutechess {
		out = cutechessKnockoutResults(res.Knockout) // its bracket stands for the ranking
	} else if len(p.tally.players) == 2 {
		out = p.cutechessHeadToHead()
	} else {
		seeds := 0
		if p.inv.Config.Type == spec.TypeGauntlet {
			seeds = p.inv.Config.Seeds
		}
		out = p.cutechessRanking(seeds)
	}
	if s := res.SPRT; s != nil {
		if line := cutechessSPRTLine(s, p.tally.players[0].total()); line != "" {
			out += "\n" + line
		}
	}
	return out
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
	return ""
}
