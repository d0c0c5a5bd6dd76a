package check

import (
	"fmt"
	"io"
	"time"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// timeUse are the self-play games that check an engine's time use: short
// games at a fast control (where a slow GUI read or a bad time formula
// flags first) and at a slower one, move-limited to stay short.
var timeUse = []struct {
	tc       spec.TimeControl
	games    int
	maxMoves int
}{
	{spec.TimeControl{Base: time.Second, Inc: 10 * time.Millisecond}, 2, 40},
	{spec.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, 2, 8},
}

// games plays the engine against itself at each time-use control through
// the runner, as a match would: every game must end without a time
// forfeit, crash, stall, illegal move or false claim.
func (b *battery) games() {
	for _, tu := range timeUse {
		name := fmt.Sprintf("time use: %d games at %v", tu.games, tu.tc)
		if b.o.NoGames {
			b.result(name, Skip, "games not asked for (--no-games)", nil)
			continue
		}
		var cfg spec.Config
		for _, n := range []string{"A", "B"} {
			e := b.cfg
			e.Name, e.TC, e.Ponder = e.Name+"-"+n, tu.tc, false
			cfg.Engines = append(cfg.Engines, e)
		}
		cfg.Games, cfg.MaxMoves, cfg.Concurrency = tu.games, tu.maxMoves, 1
		cfg.Openings.Random = "" // from the start position: the engine's own play
		res, err := runner.Run(b.ctx, cfg, runner.Options{Out: io.Discard})
		if err != nil {
			b.result(name, Fail, err.Error(), nil)
			continue
		}
		var faults []string
		for _, e := range res.Engines {
			for _, f := range []struct {
				n    int
				what string
			}{{e.TimeForfeits, "time forfeits"}, {e.Disconnects, "crashes"}, {e.Stalls, "stalls"}, {e.Illegal, "illegal moves or false claims"}} {
				if f.n > 0 {
					faults = append(faults, fmt.Sprintf("%s: %d %s", e.Name, f.n, f.what))
				}
			}
		}
		if len(faults) > 0 {
			b.add(Result{Name: name, Status: Fail, Detail: fmt.Sprintf("%d games played", res.Played), Evidence: faults})
			continue
		}
		detail := fmt.Sprintf("%d games (to move %d), no time forfeit, crash, stall or illegal move", res.Played, tu.maxMoves)
		var warnings []string
		var p99 time.Duration
		moves := 0
		for _, tm := range res.Timing { // both players are this engine
			p99, moves = max(p99, tm.P99), moves+tm.Moves
			warnings = append(warnings, tm.Warnings()...)
		}
		if moves > 0 {
			detail += fmt.Sprintf("; moves took %.2f ms more than it reported (p99 of %d)", float64(p99)/float64(time.Millisecond), moves)
		}
		if len(warnings) > 0 {
			b.add(Result{Name: name, Status: Warn, Detail: detail, Evidence: warnings})
			continue
		}
		b.result(name, Pass, detail, nil)
	}
}
