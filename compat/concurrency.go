package compat

import (
	"fmt"
	"runtime"
	"strconv"
)

// hardwareThreads is what fastchess counts as the machine's hardware
// threads. autoplay counts those it may run on (taskset, cgroups), which is
// all of them unless it is confined.
var hardwareThreads = runtime.NumCPU

// concurrency reads -concurrency N. cutechess-cli wants 1 or more; fastchess
// also takes 0 or -N, the hardware threads less N (concurrencyAsked).
func (inv *Invocation) concurrency(v []string) error {
	if inv.Dialect == Cutechess {
		return positive(v[0], &inv.Config.Concurrency)
	}
	n, err := strconv.Atoi(v[0])
	if err != nil {
		return fmt.Errorf("%q: want a whole number (0 or -N: the hardware threads less N)", v[0])
	}
	inv.concurrencyLeft = -1
	if n <= 0 {
		inv.concurrencyLeft = -n
	}
	inv.Config.Concurrency = n
	return nil
}

// concurrencyAsked works out fastchess's concurrency as it does: 0 or -N is
// the hardware threads less N, said in an Info line; more games at a time
// than hardware threads is refused without -force-concurrency.
func (inv *Invocation) concurrencyAsked() error {
	if inv.Dialect != Fastchess {
		return nil
	}
	threads := hardwareThreads()
	c := &inv.Config
	if inv.concurrencyLeft >= 0 {
		c.Concurrency = threads - inv.concurrencyLeft
		inv.Said = append(inv.Said, fmt.Sprintf("Info: Adjusted concurrency to %d based on number of available hardware threads.", c.Concurrency))
		if c.Concurrency < 1 {
			return fmt.Errorf("-concurrency -%d: %d hardware threads less %d leaves %d games at a time; want 1 or more", inv.concurrencyLeft, threads, inv.concurrencyLeft, c.Concurrency)
		}
	}
	if c.Concurrency > threads && !inv.forceConcurrency {
		return fmt.Errorf("-concurrency %d: Concurrency exceeds number of CPUs (%d); use -force-concurrency to override", c.Concurrency, threads)
	}
	return nil
}
