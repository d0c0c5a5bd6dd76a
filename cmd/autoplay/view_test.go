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

	"github.com/autoplay/autoplay/internal/proctest"
)

// autoplay view serves a finished run's games from its PGN: the list, the
// standing, each game's moves for the viewer.
func TestViewServesAFinishedRun(t *testing.T) {
	bin := buildAutoplay(t)
	dir := t.TempDir()
	pgnPath := filepath.Join(dir, "games.pgn")
	if out, err := exec.Command(bin, "match", "--games", "2", "--each", "depth=1 tc=60+0.5", "--maxmoves", "12", "--pgnout", pgnPath).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	port := freePort(t)
	view := exec.Command(bin, "view", pgnPath, "--web", fmt.Sprint(port))
	var stderr proctest.Output
	view.Stderr = &stderr
	if err := view.Start(); err != nil {
		t.Fatal(err)
	}
	defer view.Process.Kill()
	proctest.WaitUntil(t, "the dashboard", func() bool { return strings.Contains(stderr.String(), "Dashboard at") })
	resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/api/state", port))
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Run struct {
			Viewing  bool
			Openings string
			TC       []string `json:"time_controls"`
		}
		Summary struct {
			Played      int
			Done        bool
			GamesPerMin float64 `json:"games_per_min"`
		}
		History  []struct{ Played int }
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
	// The run as the PGN tells it, and no pace: nothing is being played.
	if !v.Run.Viewing || v.Run.Openings != "startpos" || strings.Join(v.Run.TC, ",") != "60+0.5" || v.Summary.GamesPerMin != 0 || len(v.History) != 2 {
		t.Errorf("run %+v, games/min %v, %d plot points", v.Run, v.Summary.GamesPerMin, len(v.History))
	}
	resp, err = http.Get(fmt.Sprintf("http://127.0.0.1:%d/api/games/%d.json", port, v.Finished[0].Number))
	if err != nil {
		t.Fatal(err)
	}
	var g struct {
		Moves []string
		Plies []struct {
			SAN     string
			Depth   int
			ClockNS *int64 `json:"clock_ns"`
		}
	}
	json.NewDecoder(resp.Body).Decode(&g)
	resp.Body.Close()
	if len(g.Moves) != v.Finished[0].Plies || len(g.Plies) != len(g.Moves) {
		t.Errorf("%d moves, %d SAN moves, %d plies", len(g.Moves), len(g.Plies), v.Finished[0].Plies)
	}
	for i, p := range g.Plies { // clocks: 60 s and at most 12 increments of 0.5 s
		if p.SAN == "" || p.Depth != 1 || p.ClockNS == nil || *p.ClockNS <= 0 || *p.ClockNS > 70e9 {
			t.Errorf("ply %d: %s depth %d clock %v", i+1, p.SAN, p.Depth, p.ClockNS)
		}
	}
	view.Process.Signal(syscall.SIGINT)
	view.Wait()
}
