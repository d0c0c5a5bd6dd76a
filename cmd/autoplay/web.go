//go:build !lean

package main

import (
	"fmt"
	"net"
	"os"

	"github.com/autoplay/autoplay/distributed"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/web"
)

// serveDashboard starts the --web dashboard for a run and sets opt.Live;
// the returned function stops it.
func serveDashboard(addr string, names []string, opt *runner.Options) (func(), error) {
	if addr == "" {
		return func() {}, nil
	}
	state := live.New()
	stop, err := startDashboard(addr, names, state)
	if err != nil {
		return nil, err
	}
	opt.Live = state
	if coord, ok := opt.Dispatcher.(*distributed.Coordinator); ok {
		coord.Fleet = state.SetFleet // the workers on the dashboard
		coord.Live = state           // and the games they play
	}
	return stop, nil
}

// startDashboard serves live on addr; the returned function stops it.
func startDashboard(addr string, names []string, state *live.State) (func(), error) {
	ln, err := web.Listen(addr)
	if err != nil {
		return nil, fmt.Errorf("--web %s: %w", addr, err)
	}
	if !web.Loopback(ln) {
		fmt.Fprintf(os.Stderr, "autoplay: WARNING: the dashboard listens beyond this machine (%s): anyone who reaches it sees the run, its engines and games\n", ln.Addr())
	}
	if host, _, err := net.SplitHostPort(addr); err == nil && host != "" {
		names = append(names, host) // --web box.lan:8080 answers to box.lan
	}
	srv := web.Serve(ln, state, names...)
	fmt.Fprintf(os.Stderr, "Dashboard at %s\n", srv.URL())
	return srv.Close, nil
}
