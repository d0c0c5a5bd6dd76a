package web

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/chromium"
	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

const stockfish = "/usr/games/stockfish"

func need(t testing.TB, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must install %s", path)
		}
		t.Skipf("%s not installed", path)
	}
}

func engines(t testing.TB, each string) []spec.EngineConfig {
	var es []spec.EngineConfig
	for _, name := range []string{"a", "b"} {
		e := spec.DefaultEngineConfig()
		if err := parse.EngineSpec(&e, "cmd="+stockfish+" name="+name+" option.Hash=8 option.Threads=1 "+each); err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	return es
}

// startRun plays cfg with a dashboard; done receives Run's error.
func startRun(t *testing.T, ctx context.Context, cfg spec.Config) (*Server, <-chan error) {
	t.Helper()
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if !Loopback(ln) {
		t.Fatal("not loopback")
	}
	state := live.New()
	srv := Serve(ln, state)
	done := make(chan error, 1)
	go func() {
		_, err := runner.Run(ctx, cfg, runner.Options{Out: io.Discard, Live: state})
		done <- err
	}()
	return srv, done
}

func getJSON(t *testing.T, url string, v any) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// The API while a run goes on and after: live games with moves, the event
// stream, finished games as PGN and as moves, the whole PGN, the page.
func TestDashboardAPIAndEvents(t *testing.T) {
	need(t, stockfish)
	dir := t.TempDir()
	cfg := spec.Config{
		Engines:      engines(t, "nodes=3000 tc=30+0.3"),
		Schedule:     spec.Schedule{Games: 2},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Adjudication: spec.Adjudication{MaxMoves: 40},
		Outputs:      spec.Outputs{PGNOut: filepath.Join(dir, "games.pgn")},
	}
	srv, done := startRun(t, context.Background(), cfg)
	defer srv.Close()
	var v live.View
	proctest.WaitUntil(t, "a live game with moves and a PV", func() bool {
		getJSON(t, srv.URL()+"api/state", &v)
		return len(v.Games) > 0 && len(v.Games[0].Moves) > 0 && (v.Games[0].Evals[0].PV != "" || v.Games[0].Evals[1].PV != "")
	})
	// PVs in SAN, numbered from where they were searched: no UCI left.
	for _, g := range v.Games {
		for _, e := range g.Evals {
			if e.PV != "" && (!sanPV.MatchString(e.PV) || uciMove.MatchString(e.PV)) {
				t.Errorf("game %d: PV %q is not in SAN", g.Number, e.PV)
			}
		}
	}
	// The event stream: state events with growing versions (the run may
	// end before a third: then two do; the deadline keeps a stream with no
	// change from holding the test).
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL()+"api/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<22)
	var versions []uint64
	for sc.Scan() && len(versions) < 3 {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var ev live.View
			if err := json.Unmarshal([]byte(data), &ev); err != nil {
				t.Fatal(err)
			}
			versions = append(versions, ev.Version)
		}
	}
	resp.Body.Close()
	cancel()
	if len(versions) < 2 {
		t.Errorf("event versions %v: want at least two", versions)
	}
	for i := 1; i < len(versions); i++ {
		if versions[i] <= versions[i-1] {
			t.Errorf("event versions %v: not growing", versions)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	getJSON(t, srv.URL()+"api/state", &v)
	if !v.Summary.Done || v.Summary.Played != 2 || len(v.Finished) != 2 || len(v.Games) != 0 || len(v.History) != 2 {
		t.Fatalf("final state: %+v", v.Summary)
	}
	pgnText := get(t, srv.URL()+"api/games/1.pgn", 200)
	if !strings.Contains(pgnText, `[Round "1"]`) {
		t.Errorf("game 1 PGN: %s", pgnText)
	}
	var g live.GameReview
	getJSON(t, srv.URL()+"api/games/1.json", &g)
	if len(g.Moves) != v.Finished[0].Plies || len(g.Moves) == 0 || len(g.Plies) != len(g.Moves) {
		t.Errorf("game 1: %d moves, %d SAN, %d plies", len(g.Moves), len(g.Plies), v.Finished[0].Plies)
	}
	for i, p := range g.Plies {
		if p.SAN == "" || p.Depth <= 0 || p.Score == "" || p.ClockNS == nil {
			t.Errorf("game 1 ply %d: %+v", i+1, p)
		}
	}
	get(t, srv.URL()+"api/games/99.pgn", 404)
	whole, _ := os.ReadFile(cfg.PGNOut)
	if get(t, srv.URL()+"api/pgn", 200) != string(whole) {
		t.Error("api/pgn is not the PGN file")
	}
	if page := get(t, srv.URL(), 200); !strings.Contains(page, "app.js") {
		t.Errorf("page: %s", page)
	}
	if js := get(t, srv.URL()+"app.js", 200); !strings.Contains(js, "EventSource") {
		t.Error("app.js not served")
	}
}

var (
	sanPV   = regexp.MustCompile(`^\d+\.(\.\.)? \S`)
	uciMove = regexp.MustCompile(`\b[a-h][1-8][a-h][1-8]`)
)

func get(t *testing.T, url string, status int) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != status {
		t.Fatalf("%s: %d, want %d", url, resp.StatusCode, status)
	}
	return string(b)
}

var plyOnBoard = regexp.MustCompile(`#(\d+) a – b, ply (\d+)|#(\d+) b – a, ply (\d+)`)

// A real browser loads the dashboard of a running match: the score, the
// plots and live boards are in its DOM, a board moves on between two
// loads, and a screenshot is taken (written beside the test's files).
func TestDashboardInChromium(t *testing.T) {
	need(t, stockfish)
	chromium.Need(t)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := spec.Config{
		Engines:      engines(t, "tc=20+0.2"),
		Schedule:     spec.Schedule{Games: 2},
		RunLayout:    spec.RunLayout{Concurrency: 2},
		Adjudication: spec.Adjudication{MaxMoves: 60},
		Outputs:      spec.Outputs{PGNOut: filepath.Join(dir, "games.pgn")},
	}
	srv, done := startRun(t, ctx, cfg)
	defer srv.Close()
	var v live.View
	proctest.WaitUntil(t, "live games", func() bool {
		getJSON(t, srv.URL()+"api/state", &v)
		return len(v.Games) == 2 && len(v.Games[0].Moves) > 2
	})
	first := chromium.Run(t, "--dump-dom", srv.URL()+"?nostream")
	for _, want := range []string{"Games 0 of 2", `class="board"`, "a vs b", "Time forfeits"} {
		if !strings.Contains(first, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	plies := func(dom string) int {
		m := plyOnBoard.FindStringSubmatch(dom)
		if m == nil {
			return -1
		}
		n, _ := strconv.Atoi(m[2] + m[4])
		return n
	}
	before := plies(first)
	proctest.WaitUntil(t, "moves", func() bool {
		getJSON(t, srv.URL()+"api/state", &v)
		return len(v.Games) > 0 && len(v.Games[0].Moves) > before+2
	})
	second := chromium.Run(t, "--dump-dom", srv.URL()+"?nostream")
	if after := plies(second); before < 0 || after <= before {
		t.Errorf("the first board showed ply %d, then %d: it did not move on", before, after)
	}
	shot := filepath.Join(dir, "dashboard.png")
	chromium.Run(t, "--screenshot="+shot, srv.URL()+"?nostream")
	if st, err := os.Stat(shot); err != nil || st.Size() < 20000 {
		t.Errorf("screenshot: %v", err)
	} else if out := os.Getenv("AUTOPLAY_SCREENSHOT"); out != "" {
		data, _ := os.ReadFile(shot)
		os.WriteFile(out, data, 0o644)
	}
	cancel()
	<-done
}

var (
	sanCell   = regexp.MustCompile(`<span class="san">([^<]+)</span>`)
	clockText = regexp.MustCompile(`<span class="clock"[^>]*>\d+:\d\d\.\d</span>`)
)

// A real browser opens a finished game in the viewer (?game=1): every move
// in SAN in the move list, the board with its coordinates, both players'
// clocks beside it.
func TestGameViewerInChromium(t *testing.T) {
	need(t, stockfish)
	chromium.Need(t)
	dir := t.TempDir()
	cfg := spec.Config{
		Engines:      engines(t, "nodes=2000 tc=30+0.3"),
		Schedule:     spec.Schedule{Games: 1},
		Adjudication: spec.Adjudication{MaxMoves: 15},
		Outputs:      spec.Outputs{PGNOut: filepath.Join(dir, "games.pgn")},
	}
	srv, done := startRun(t, context.Background(), cfg)
	defer srv.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	var g live.GameReview
	getJSON(t, srv.URL()+"api/games/1.json", &g)
	dom := chromium.Run(t, "--dump-dom", srv.URL()+"?nostream&game=1")
	var sans []string
	for _, m := range sanCell.FindAllStringSubmatch(dom, -1) {
		sans = append(sans, m[1])
	}
	var want []string
	for _, p := range g.Plies {
		want = append(want, p.SAN)
	}
	if len(want) == 0 || strings.Join(sans, " ") != strings.Join(want, " ") {
		t.Errorf("move list %v, want %v", sans, want)
	}
	if n := len(clockText.FindAllString(dom, -1)); n != 2 {
		t.Errorf("%d clocks beside the viewer's board, want 2", n)
	}
	for _, want := range []string{`class="coord`, "Game 1: a – b", "move-detail"} {
		if !strings.Contains(dom, want) {
			t.Errorf("the viewer lacks %q", want)
		}
	}
}
