package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

// tagGame is a game of PGN with extra tags beyond its own.
func tagGame(round, extra int) []byte {
	head := fmt.Sprintf("[Event \"x\"]\n[Round \"%d\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n", round)
	tags := bytes.Repeat([]byte("[Annotator \"someone\"]\n"), extra)
	return slices.Concat([]byte(head), tags, []byte("\n1. e4 e5 2. Nf3 {White mates} 1-0\n\n"))
}

// autoplay view bounds what one game costs, whatever its tags: a game of
// 600,000 tags is shown with the first hundred listed and a note, its
// PGN served whole; a game too large to read whole is refused with 413 and
// its size, never served cut with 200; the viewer's memory stays bounded.
func TestViewBoundsAGameOfAMillionTags(t *testing.T) {
	bin := buildAutoplay(t)
	path := filepath.Join(t.TempDir(), "tags.pgn")
	first := tagGame(1, 1_000_000) // 22 MB: more than a game the viewer reads
	second := tagGame(2, 600_000)  // 13 MB
	text := slices.Concat(first, second, tagGame(3, 0))
	if err := os.WriteFile(path, text, 0o644); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	view := exec.Command(bin, "view", path, "--web", strconv.Itoa(port))
	var stderr proctest.Output
	view.Stderr = &stderr
	if err := view.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { view.Process.Signal(syscall.SIGINT); view.Wait() }()
	proctest.WaitUntil(t, "the dashboard", func() bool { return strings.Contains(stderr.String(), "Dashboard at") })
	base := fmt.Sprintf("http://127.0.0.1:%d/", port)
	fetch := func(url, host string) (int, string) {
		req, _ := http.NewRequest("GET", base+url, nil)
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body)
	}
	for _, file := range []string{"1.pgn", "1.json"} {
		if status, body := fetch("api/games/"+file, ""); status != http.StatusRequestEntityTooLarge || !strings.Contains(body, "bytes of PGN") {
			t.Errorf("games/%s: status %d, %.200s", file, status, body)
		}
	}
	status, body := fetch("api/games/2.pgn", "")
	if status != 200 || body != strings.TrimSpace(string(second))+"\n" {
		t.Errorf("games/2.pgn: status %d, %d bytes, want the game's %d", status, len(body), len(second))
	}
	status, body = fetch("api/games/2.json", "")
	var g struct {
		Moves   []string
		Tags    [][2]string
		Omitted string
	}
	json.Unmarshal([]byte(body), &g)
	if status != 200 || len(g.Moves) != 3 || len(g.Tags) > 100 || !strings.Contains(g.Omitted, "more tags") {
		t.Errorf("games/2.json: status %d, %d moves, %d tags, note %q", status, len(g.Moves), len(g.Tags), g.Omitted)
	}
	if status, _ := fetch("api/state", "rebound.example"); status != http.StatusMisdirectedRequest {
		t.Errorf("a request for another name: status %d", status)
	}
	if peak := peakMemoryMB(t, view.Process.Pid); peak > 150 {
		t.Errorf("the viewer's memory peaked at %d MB", peak)
	} else {
		t.Logf("the viewer's memory peaked at %d MB", peak)
	}
}

// peakMemoryMB is a process's peak resident memory (VmHWM).
func peakMemoryMB(t *testing.T, pid int) int {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb >> 10
		}
	}
	t.Fatal("no VmHWM")
	return 0
}
