package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/chromium"
	"github.com/autoplay/autoplay/internal/proctest"
)

var dashboardAt = regexp.MustCompile(`Dashboard at (http://\S+)`)

// workersBoard is the title of a board of a game a worker plays, with
// moves made.
var workersBoard = regexp.MustCompile(`^#\d+ (deep – shallow|shallow – deep), ply [1-9]\d*, on w\d\d$`)

// A coordinator's dashboard lists its fleet of worker processes live, in
// a real browser following the page's event stream: each worker with its
// state, games, rate, last sight, failures, version and engines, and the
// games they play on the live boards with their moves so far; one
// killed (kill -9) is marked silent and stays listed, one stopped is
// listed as left. The screenshot is written to $AUTOPLAY_FLEET_SCREENSHOT
// when set. Four workers, or $AUTOPLAY_FLEET_WORKERS (16 for the issue's
// screenshot: 16 race-built workers playing took 2-4 minutes of a loaded
// 2-core machine, too much for every make test).
func TestDashboardShowsTheFleet(t *testing.T) {
	chromium.Need(t)
	t.Parallel()
	bin := buildAutoplay(t)
	dir := t.TempDir()
	url := fmt.Sprintf("nats://127.0.0.1:%d", freePort(t))
	coord := serveRun(t, bin, url, "--web", "127.0.0.1:0",
		// A tenth of a second a move: a game lasts past a worker's report.
		"--engine", "cmd=builtin name=deep st=0.1", "--engine", "cmd=builtin name=shallow st=0.1",
		"--games", "1000", "--maxmoves", "30", "--concurrency", "16", "--pgnout", filepath.Join(dir, "games.pgn"))
	proctest.WaitUntil(t, "the dashboard", func() bool { return dashboardAt.MatchString(coord.stderr.String()) })
	page := dashboardAt.FindStringSubmatch(coord.stderr.String())[1]

	n := 4
	if v, err := strconv.Atoi(os.Getenv("AUTOPLAY_FLEET_WORKERS")); err == nil && v >= 3 {
		n = v
	}
	workers := make([]*exec.Cmd, n)
	for i := range workers {
		w := exec.Command(bin, "worker", "--nats", url, "--ack-wait", "3s", "--heartbeat", "500ms", "--concurrency", "1", "--name", fmt.Sprintf("w%02d", i+1))
		w.Stderr = &proctest.Output{}
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan struct{})
		go func() { w.Wait(); close(exited) }()
		t.Cleanup(func() { w.Process.Kill(); <-exited })
		workers[i] = w
	}
	t.Logf("%s: the coordinator and %d workers started", time.Now().Format("15:04:05"), n)
	b := chromium.Open(t)
	b.Navigate(page)
	rows := func() (states []string) {
		b.Eval(`[...document.querySelectorAll("#fleet-table tbody tr")].map(tr => tr.children[0].textContent + " " + tr.children[3].textContent + " " + tr.children[4].textContent)`, &states)
		return states
	}
	proctest.WaitUntil(t, "every worker listed, w01 and w02 playing", func() bool {
		got := strings.Join(rows(), "\n")
		return strings.Count(got, "\n") == n-1 && strings.Contains(got, "w01 playing") && strings.Contains(got, "w02 playing")
	})
	t.Logf("%s: %d workers listed", time.Now().Format("15:04:05"), n)
	var boards []string
	proctest.WaitUntil(t, "a game a worker plays on the live boards, with its moves", func() bool {
		b.Eval(`[...document.querySelectorAll("#boards .card-title")].map(e => e.textContent)`, &boards)
		return slices.ContainsFunc(boards, workersBoard.MatchString)
	})
	t.Logf("%s: the live boards: %q", time.Now().Format("15:04:05"), boards)
	workers[0].Process.Signal(syscall.SIGKILL)
	workers[1].Process.Signal(syscall.SIGINT)
	proctest.WaitUntil(t, "w01 listed silent and w02 left", func() bool {
		got := strings.Join(rows(), "\n")
		return strings.Contains(got, "w01 silent") && strings.Contains(got, "w02 left")
	})
	t.Logf("%s: w01 silent, w02 left", time.Now().Format("15:04:05"))
	var heading string
	b.Eval(`document.querySelector("#fleet h2").textContent`, &heading)
	if !strings.Contains(heading, fmt.Sprintf("(%d: ", n)) || !strings.Contains(heading, "1 silent, 1 left") {
		t.Errorf("the fleet's heading says %q, want %d workers, 1 silent, 1 left", heading, n)
	}
	var cells []string
	b.Eval(`[...[...document.querySelectorAll("#fleet-table tbody tr")].find(tr => tr.children[0].textContent == "w03").children].map(td => td.textContent)`, &cells)
	host, _ := os.Hostname()
	if len(cells) != 10 || cells[0] != "w03" || cells[1] != host || cells[2] == "0" || !strings.Contains(cells[8], "(wire ") || !strings.Contains(cells[9], "deep") {
		t.Errorf("worker w03's row is %q, want its name, host %s, its cores, version and engines", cells, host)
	}
	shot := filepath.Join(dir, "fleet.png")
	b.Screenshot(shot)
	if out := os.Getenv("AUTOPLAY_FLEET_SCREENSHOT"); out != "" {
		data, _ := os.ReadFile(shot)
		os.WriteFile(out, data, 0o644)
	}
}
