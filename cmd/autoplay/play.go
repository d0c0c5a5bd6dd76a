package main

import (
	"fmt"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// runFlags are the flags match and run share beyond the run's config: where
// the games are played, who watches, what is measured.
type runFlags struct {
	farm        farmFlags
	web         string
	webHosts    []string // --web-host: more names the dashboard answers to
	runnerStats bool
}

// playRun plays cfg as match and run do: on workers when asked, with a
// dashboard when asked, on one processor, until done or interrupted.
func playRun(cfg *spec.Config, f runFlags) error {
	var opt runner.Options
	release, err := f.farm.apply(cfg, &opt)
	if err != nil {
		return err
	}
	defer release()
	stopWeb, err := serveDashboard(f.web, f.webHosts, &opt)
	if err != nil {
		return err
	}
	defer stopWeb()
	if f.runnerStats {
		opt.Relay = &runner.RelayStats{}
	}
	// Slot processes start from the lean program when it is there, without
	// the NATS, dashboard and YAML code whose inits a run handed over to
	// autoplay-full (run, --web) would otherwise pay in every slot.
	self, err := childProgram()
	if err != nil {
		return fmt.Errorf("slot processes: %w", err)
	}
	opt.SlotProgram = []string{self, "slot"}
	opt.Layout = func(c runner.LayoutChoice) {
		if cfg.Verbose {
			fmt.Println(c)
		}
	}
	ctx, stop := interruptible()
	defer stop()
	return outcome(runner.Run(ctx, *cfg, opt))
}
