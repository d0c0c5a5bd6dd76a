package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// autoplay view serves a finished run's games from its PGN: the list, the
// standing, each game's moves for the viewer.
func TestViewServesAFinishedRun(t *testing.T) {
	bin := buildAutoplay(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "games.pgn")
	if out, err := exec.Command(bin, "match", "--games", "2", "--each", "depth=1", "--maxmoves", "12", "--pgnout", pgnPath).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	port := freePort(t)
	view := exec.Command(bin, "view", pgnPath, "--web", fmt.Sprint(port))
	var stderr lockedBuffer
	view.Stderr = &stderr
	if err := view.Start(); err != nil {
		t.Fatal(err)
	}
	defer view.Process.Kill()
	waitUntil(t, "the dashboard", func() bool { return strings.Contains(stderr.String(), "Dashboard at") })
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/api/state", port))
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Summary struct {
			Played int
			Done   bool
		}
		Finished []struct {
			Number int
			Plies  int
		}
	}
	json.NewDecoder(resp.Body).Decode(&v)
	resp.Body.Close()
	if v.Summary.Played != 2 || !v.Summary.Done || len(v.Finished) != 2 || v.Finished[0].Plies == 0 {
		t.Fatalf("state: %+v", v)
	}
	resp, err = http.Get(fmt.Sprintf("http://127.0.0.1:%d/api/games/%d.json", port, v.Finished[0].Number))
	if err != nil {
		t.Fatal(err)
	}
	var g struct{ Moves []string }
	json.NewDecoder(resp.Body).Decode(&g)
	resp.Body.Close()
	if len(g.Moves) != v.Finished[0].Plies {
		t.Errorf("%d moves, %d plies", len(g.Moves), v.Finished[0].Plies)
	}
	view.Process.Signal(syscall.SIGINT)
	view.Wait()
}
