package proctest

import (
	"testing"
	"time"
)

// WaitUntil polls cond until it holds, failing t after three minutes. It
// waits for background progress (a process started, a file written); it
// asserts nothing about speed, so its deadline is generous for a loaded
// machine (under load 30 on 2 cores, one minute ran out before two games
// of stockfish had begun).
func WaitUntil(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
