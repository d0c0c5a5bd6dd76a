// Package check runs a battery of protocol checks on one engine (autoplay
// check): one result per check, PASS, FAIL, WARN or SKIP, with the
// exchange that shows why, going on after a failure. It drives the engine
// line by line through runner.RawEngine, and plays it through runner.Run
// where a real game is the check.
package check

import (
	"context"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/spec"
)

// Status is a check's verdict.
type Status string

// Verdicts.
const (
	Pass Status = "PASS"
	Fail Status = "FAIL" // the engine breaks the protocol or the rules
	Warn Status = "WARN" // allowed, but a GUI or a runner may suffer from it
	Skip Status = "SKIP" // the engine does not declare the feature
)

// Result is one check's verdict, what was seen, and the lines of the
// exchange that show it ("> " sent, "< " received).
type Result struct {
	Name     string   `json:"name"`
	Status   Status   `json:"status"`
	Detail   string   `json:"detail"`
	Evidence []string `json:"evidence,omitempty"`
}

// Report is the whole battery's results for one engine.
type Report struct {
	Engine   string   `json:"engine"`
	Protocol string   `json:"protocol"`
	Results  []Result `json:"results"`
}

// Failed says whether any check failed.
func (r *Report) Failed() bool {
	for _, res := range r.Results {
		if res.Status == Fail {
			return true
		}
	}
	return false
}

// Count is how many results have status s.
func (r *Report) Count(s Status) int {
	n := 0
	for _, res := range r.Results {
		if res.Status == s {
			n++
		}
	}
	return n
}

// Options tune the battery.
type Options struct {
	// Timeout bounds every answer the battery waits for (uciok, readyok, a
	// bestmove to a bounded search); 0 is the engine's own timeout.
	Timeout time.Duration
	// NoGames leaves out the self-play games that check time use.
	NoGames bool
}

// Run checks the engine of cfg, telling each result to each (when not nil)
// as it comes.
func Run(ctx context.Context, cfg spec.EngineConfig, o Options, each func(Result)) *Report {
	cfg.FillDefaults()
	if o.Timeout <= 0 {
		o.Timeout = cfg.Timeout
	}
	r := &Report{Engine: cfg.Name, Protocol: string(cfg.Proto)}
	b := &battery{ctx: ctx, cfg: cfg, o: o, report: r, each: each}
	if cfg.Proto == spec.XBoard {
		b.xboard()
	} else {
		b.uci()
	}
	return r
}

// battery is one run of the checks.
type battery struct {
	ctx    context.Context
	cfg    spec.EngineConfig
	o      Options
	report *Report
	each   func(Result)
	infos  infoAudit // the info lines of the UCI searches, counted
	xf     xfeatures // what an XBoard engine declared
}

// add records a result. Details and evidence quote the engine, so their
// control characters and invalid UTF-8 are escaped here, once for every
// check: the report goes to a terminal, and an engine's ESC sequences must
// show, not act.
func (b *battery) add(res Result) {
	res.Detail = protocol.Escape(res.Detail)
	for i, l := range res.Evidence {
		res.Evidence[i] = protocol.Escape(l)
	}
	b.report.Results = append(b.report.Results, res)
	if b.each != nil {
		b.each(res)
	}
}

func (b *battery) result(name string, st Status, detail string, s *session) {
	res := Result{Name: name, Status: st, Detail: detail}
	if s != nil && st != Pass && st != Skip {
		res.Evidence = s.evidence()
	}
	b.add(res)
}
