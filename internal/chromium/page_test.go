package chromium

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// failures is a testing.TB whose failures are recorded rather than
// ending the test: a step the test expects to fail runs in a goroutine of
// its own (see fails), which Fatal ends.
type failures struct {
	testing.TB
	mu   sync.Mutex
	msgs []string
}

func (f *failures) Errorf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.msgs = append(f.msgs, fmt.Sprintf(format, args...))
}

func (f *failures) Fatalf(format string, args ...any) {
	f.Errorf(format, args...)
	runtime.Goexit()
}

func (f *failures) Fatal(args ...any) { f.Fatalf("%s", fmt.Sprint(args...)) }

// fails runs step and returns how it failed ("" if it did not).
func (f *failures) fails(step func()) string {
	done := make(chan struct{})
	go func() {
		defer close(done)
		step()
	}()
	<-done
	f.mu.Lock()
	defer f.mu.Unlock()
	msgs := strings.Join(f.msgs, "\n")
	f.msgs = nil
	return msgs
}

// A page's uncaught exception and console.error fail the test at its next
// step, each once; a page without errors is read and drawn.
func TestPageErrorsFailTheNextStep(t *testing.T) {
	Need(t)
	f := &failures{TB: t}
	p := Open(f)
	if msg := f.fails(func() {
		p.Navigate("data:text/html,<p id=fine>fine</p>")
		if got := p.Text(`document.getElementById("fine").textContent`); got != "fine" {
			t.Errorf("the page says %q, want fine", got)
		}
		p.Screenshot(filepath.Join(t.TempDir(), "fine.png"))
	}); msg != "" {
		t.Fatalf("a page without errors failed the test: %s", msg)
	}
	if msg := f.fails(func() { p.Navigate(`data:text/html,<script>throw new Error("boom")</script>`) }); !strings.Contains(msg, "boom") {
		t.Errorf("an uncaught exception failed no step (%q)", msg)
	}
	if msg := f.fails(func() { p.Eval(`console.error("wrong"), 1`, nil) }); !strings.Contains(msg, "wrong") || strings.Contains(msg, "boom") {
		t.Errorf("a console error failed the step as %q, want its own words only", msg)
	}
}

// Chromium's every process (it starts a dozen) is gone when the test that
// opened it ends, even when chromium hangs (all of them stopped here:
// closing its pipe alone would not end them).
func TestChromiumLeavesNoProcess(t *testing.T) {
	Need(t)
	var profile string
	t.Run("open", func(t *testing.T) {
		p := Open(t)
		p.Navigate("data:text/html,<p>hello</p>")
		profile = p.profile
		if n := len(naming(profile)); n < 2 {
			t.Fatalf("%d processes name the profile %s: the check below would prove nothing", n, profile)
		}
		for _, pid := range naming(profile) {
			n, _ := strconv.Atoi(pid)
			syscall.Kill(n, syscall.SIGSTOP)
		}
	})
	if left := naming(profile); len(left) > 0 {
		t.Errorf("chromium's processes %v outlived the test", left)
		for _, pid := range left {
			n, _ := strconv.Atoi(pid)
			syscall.Kill(n, syscall.SIGKILL)
		}
	}
}

// naming lists the live processes (zombies aside) whose command line
// names s.
func naming(s string) []string {
	var pids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		cmdline, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || !strings.Contains(string(cmdline), s) {
			continue
		}
		if stat, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); !strings.Contains(string(stat), ") Z ") {
			pids = append(pids, e.Name())
		}
	}
	return pids
}
