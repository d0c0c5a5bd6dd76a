package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// One engine given with nodes= plays the built-in engine under the same
// node limit, and the user is told what was added and with which limits
// (it said "engine autoplay: no time control", naming an engine nobody
// gave).
func TestOneEngineWithNodesGetsTheBuiltinEngineUnderItsLimits(t *testing.T) {
	needStockfish(t)
	bin := buildAutoplay(t)
	cmd := exec.Command(bin, "match", "--engine", "cmd="+stockfish+" name=sf nodes=400", "--games", "2", "--maxmoves", "3")
	cmd.Dir = t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	want := `the built-in engine "autoplay" (autoplay engine, at full strength) was added as its opponent, with nodes=400 (the same limits as sf)`
	if !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if !strings.Contains(stdout.String(), "Score of sf vs autoplay: ") {
		t.Errorf("no score of sf vs autoplay:\n%s", stdout.String())
	}
}

// A given engine without a limit is named as the user gave it, with the
// keys that would give it one, before any engine starts.
func TestAGivenEngineWithoutLimitsIsNamedWithTheKeysToSet(t *testing.T) {
	bin := buildAutoplay(t)
	cmd := exec.Command(bin, "match", "--engine", "cmd=/nonexistent/a nodes=10", "--engine", "cmd=/nonexistent/b name=dev")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	want := "--engine 2 (dev): no time control: give it tc=, st=, nodes= or depth= (or give one to both engines with --each)"
	if err == nil || !strings.Contains(stderr.String(), want) {
		t.Errorf("err %v, stderr %q; want %q", err, stderr.String(), want)
	}
}
