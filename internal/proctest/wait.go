package proctest

import (
	"testing"
	"time"
)

// WaitUntil polls cond until it holds, failing t after a minute. It waits
// for background progress (a process started, a file written); it asserts
// nothing about speed, so its deadline is generous for a loaded machine.
func WaitUntil(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
