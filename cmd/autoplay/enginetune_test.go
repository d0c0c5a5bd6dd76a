package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// "autoplay engine tune" reads samples, reports K and the errors and writes
// a weights file; without --data it says so.
func TestEngineTuneCommand(t *testing.T) {
	bin := buildAutoplay(t)
	out := filepath.Join(t.TempDir(), "evalweights.go")
	b, err := exec.Command(bin, "engine", "tune", "--data", "../../engine/tune/testdata/sample.epd",
		"--epochs", "3", "--batch", "64", "--out", out).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if !strings.Contains(string(b), "K 0.") || !strings.Contains(string(b), "training error") {
		t.Errorf("output:\n%s", b)
	}
	src, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(src), "var psqt = ") {
		t.Errorf("weights file (%v):\n%s", err, src)
	}
	b, err = exec.Command(bin, "engine", "tune").CombinedOutput()
	if err == nil || !strings.Contains(string(b), "--data") {
		t.Errorf("without --data: %v\n%s", err, b)
	}
}
