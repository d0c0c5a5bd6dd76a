package chromium

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Run runs chromium once, headless, with args (--dump-dom URL,
// --screenshot=FILE URL...) and returns what it printed; like Open's, its
// processes are gone when it returns.
func Run(t testing.TB, args ...string) string {
	t.Helper()
	base := []string{"--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1400,1000",
		"--virtual-time-budget=4000", "--user-data-dir=" + t.TempDir()}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, Path, append(base, args...)...)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// /usr/bin/chromium is a shell script: a timeout kills what it started too.
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.Output()
	if cmd.Process != nil {
		killGroup(t, cmd)
	}
	if err != nil {
		t.Fatalf("chromium %v: %v", args, err)
	}
	return string(out)
}

// killGroup kills chromium's process group (the browser, its zygotes,
// renderers and helpers), reaps chromium, and fails t if any process of
// the group is still alive a while later.
func killGroup(t testing.TB, cmd *exec.Cmd) {
	t.Helper()
	pgid := cmd.Process.Pid
	syscall.Kill(-pgid, syscall.SIGKILL)
	cmd.Wait()
	deadline := time.Now().Add(30 * time.Second)
	for left := groupAlive(pgid); len(left) > 0; left = groupAlive(pgid) {
		if time.Now().After(deadline) {
			t.Errorf("chromium left processes %v alive in its group %d", left, pgid)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// groupAlive lists the pids of the live processes (zombies aside) in the
// process group pgid.
func groupAlive(pgid int) []string {
	var pids []string
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold anything, so
		// read the fields after its last parenthesis.
		i := strings.LastIndexByte(string(stat), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) > 2 && f[0] != "Z" && f[2] == strconv.Itoa(pgid) {
			pids = append(pids, e.Name())
		}
	}
	return pids
}
