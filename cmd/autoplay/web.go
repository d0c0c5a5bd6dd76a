package main

import (
	"fmt"
	"net"
	"os"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/web"
)

// serveDashboard starts the --web dashboard for a run and sets opt.Live;
// the returned function stops it.
func serveDashboard(addr string, names []string, opt *runner.Options) (func(), error) {
	if addr == "" {
		return func() {}, nil
	}
	live := runner.NewLive()
	srv, err := startDashboard(addr, names, live)
	if err != nil {
		return nil, err
	}
	opt.Live = live
	return srv.Close, nil
}

// webHostUsage is --web-host's help, the same on match, run and view.
const webHostUsage = "another name the dashboard answers to (repeatable); it answers to its listen address, and localhost's names on loopback, and refuses other names a browser was sent to"

func startDashboard(addr string, names []string, live *runner.Live) (*web.Server, error) {
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
	srv := web.Serve(ln, live, names...)
	fmt.Fprintf(os.Stderr, "Dashboard at %s\n", srv.URL())
	return srv, nil
}
