package web

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/internal/chromium"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

const fairyStockfish = "/usr/games/fairy-stockfish"

// variantRun plays games of variant between two Fairy-Stockfish with a
// dashboard.
func variantRun(t *testing.T, variant spec.Variant, games int, each, opening string) (*Server, <-chan error) {
	t.Helper()
	var es []spec.EngineConfig
	for _, name := range []string{"a", "b"} {
		e := spec.DefaultEngineConfig()
		if err := parse.EngineSpec(&e, "cmd="+fairyStockfish+" name="+name+" option.Hash=4 option.Threads=1 timeout=60 "+each); err != nil {
			t.Fatal(err)
		}
		es = append(es, e)
	}
	var openings spec.OpeningsConfig
	if opening != "" {
		openings.File = filepath.Join(t.TempDir(), "book.epd")
		os.WriteFile(openings.File, []byte(opening+"\n"), 0o644)
	}
	cfg := spec.Config{
		Engines:   es,
		Schedule:  spec.Schedule{Games: games, Variant: variant, Openings: openings},
		RunLayout: spec.RunLayout{Concurrency: 1},
		Outputs:   spec.Outputs{PGNOut: filepath.Join(t.TempDir(), "games.pgn")},
	}
	return startRun(t, context.Background(), cfg)
}

// drawnPosition is what the page draws, in the FEN's letters: the board's
// pieces ("KQRBNPkqrbnp" counted), each side's pocket, each side's checks
// to give, and the promoted marks; the viewer's board when viewer is set,
// else the first live board.
const drawnPosition = `(() => {
  const box = %s, letter = {};
  for (const [k, g] of Object.entries(glyph)) letter[g] = k;
  const count = sel => { const n = {}; for (const e of box.querySelectorAll(sel)) { const l = letter[e.textContent]; n[l] = (n[l] || 0) + 1; } return n; };
  const pocket = side => { const n = {}; for (const e of box.querySelectorAll(".variant-bar." + side + " .in-pocket")) n[e.dataset.piece] = +(e.textContent.split("×")[1] || 1); return n; };
  const checks = side => { const e = box.querySelector(".variant-bar." + side + " .checks-left"); return e ? parseInt(e.textContent) : -1; };
  return JSON.stringify({ board: count("svg.board text.piece"), white: pocket("white"), black: pocket("black"),
    checks: [checks("white"), checks("black")], promoted: box.querySelectorAll("svg.board .promoted").length });
})()`

type drawn struct {
	Board, White, Black map[string]int
	Checks              [2]int
	Promoted            int
}

// fenDrawn is what the page must draw for fen.
func fenDrawn(fen string) drawn {
	d := drawn{Board: map[string]int{}, White: map[string]int{}, Black: map[string]int{}, Checks: [2]int{-1, -1}}
	f := strings.Fields(fen)
	placement, pocket, _ := strings.Cut(f[0], "[")
	for _, c := range placement {
		switch {
		case c == '~':
			d.Promoted++
		case strings.ContainsRune("KQRBNPkqrbnp", c):
			d.Board[string(c)]++
		}
	}
	for _, c := range strings.TrimSuffix(pocket, "]") {
		if c >= 'a' {
			d.Black[string(c)]++
		} else {
			d.White[string(c)]++
		}
	}
	if len(f) > 4 {
		if w, b, ok := strings.Cut(f[4], "+"); ok {
			d.Checks[0], _ = strconv.Atoi(w)
			d.Checks[1], _ = strconv.Atoi(b)
		}
	}
	return d
}

// drawnOn is what tab draws in box.
func drawnOn(t *testing.T, tab *chromium.Page, box string) drawn {
	t.Helper()
	var d drawn
	if err := json.Unmarshal([]byte(tab.Text(strings.Replace(drawnPosition, "%s", box, 1))), &d); err != nil {
		t.Fatal(err)
	}
	return d
}

func sameDrawn(a, b drawn) bool {
	eq := func(x, y map[string]int) bool {
		if len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if y[k] != v {
				return false
			}
		}
		return true
	}
	return eq(a.Board, b.Board) && eq(a.White, b.White) && eq(a.Black, b.Black) && a.Checks == b.Checks && a.Promoted == b.Promoted
}

// reviewInBrowser opens game 1 of srv in the viewer and shows it at
// moves where a variant draws something chess does not (the first few
// drops, promotions, checks, captures) and at its start and end, checking
// at each that the board, pockets, checks and promoted marks drawn are the
// position the server gives.
func reviewInBrowser(t *testing.T, tab *chromium.Page, srv *Server, variant string) live.GameReview {
	t.Helper()
	var g live.GameReview
	getJSON(t, srv.URL()+"api/games/1.json", &g)
	if g.Variant != variant || len(g.Positions) != len(g.Moves)+1 || len(g.Moves) == 0 {
		t.Fatalf("game 1: variant %q, %d positions, %d moves", g.Variant, len(g.Positions), len(g.Moves))
	}
	tab.Navigate(srv.URL() + "?game=1")
	tab.WaitFor("the viewer", `document.querySelector("#viewer h3")`)
	if h := tab.Text(`document.querySelector("#viewer h3").textContent`); !strings.HasSuffix(h, ", "+variant) {
		t.Errorf("viewer's title %q does not name %s", h, variant)
	}
	var sans []string
	tab.Eval(`[...document.querySelectorAll("#viewer .san")].map(e => e.textContent)`, &sans)
	var want []string
	for _, p := range g.Plies {
		want = append(want, p.SAN)
	}
	if strings.Join(sans, " ") != strings.Join(want, " ") {
		t.Errorf("move list %v, want %v", sans, want)
	}
	plies := []int{len(g.Moves)} // where the viewer opens
	seen := map[rune]int{}
	for i, p := range g.Plies {
		for _, mark := range "@=+x" {
			if strings.ContainsRune(p.SAN, mark) && seen[mark] < 3 {
				seen[mark]++
				plies = append(plies, i+1)
				break
			}
		}
	}
	plies = append(plies, 0)
	for _, ply := range plies {
		if ply < len(g.Moves) {
			tab.Eval(`document.querySelector('#viewer td.move[data-ply="`+strconv.Itoa(max(ply, 1))+`"]').click()`, nil)
			if ply == 0 {
				tab.Eval(`document.querySelector("#viewer button").click()`, nil) // «
			}
		}
		tab.WaitFor("ply "+strconv.Itoa(ply), `document.querySelector("#viewer h3").textContent.includes(", ply `+strconv.Itoa(ply)+` of")`)
		if got, want := drawnOn(t, tab, `document.querySelector(".viewer-board")`), fenDrawn(g.Positions[ply]); !sameDrawn(got, want) {
			t.Fatalf("ply %d (%s): drawn %+v, want %+v from %s", ply, g.Moves[max(ply-1, 0)], got, want, g.Positions[ply])
		}
	}
	return g
}

// A real browser draws variant games: a crazyhouse game between two
// Fairy-Stockfish while it is played (its pockets by each side of the live
// board, the variant named) and reviewed move by move (board, pockets and
// promoted pieces as the server's positions say, drops in the move list),
// a three-check game's checks to give, and an atomic game's explosion;
// the page throws no error on the way. Screenshots are written to
// $AUTOPLAY_SCREENSHOT_DIR when it is set.
func TestVariantGamesInChromium(t *testing.T) {
	need(t, fairyStockfish)
	chromium.Need(t)
	tab := chromium.Open(t)
	shots := os.Getenv("AUTOPLAY_SCREENSHOT_DIR")
	shot := func(name string) {
		path := filepath.Join(t.TempDir(), name)
		if shots != "" {
			path = filepath.Join(shots, name)
		}
		tab.Screenshot(path)
	}

	// Both runs at once: Fairy-Stockfish starts slowly on a busy machine.
	// White's pawn takes on a8 and promotes: a promoted queen to mark.
	zh, zhDone := variantRun(t, "crazyhouse", 2, "nodes=3000", "r1bqkbnr/pPpp1ppp/2n5/4p3/8/8/P1PPPPPP/RNBQKBNR[Pp] w KQkq - 0 5")
	defer zh.Close()
	three, threeDone := variantRun(t, "3check", 1, "nodes=1000", "")
	defer three.Close()

	tab.Navigate(zh.URL())
	tab.WaitFor("a live board with a piece in a pocket", `document.querySelector("#boards .in-pocket")`)
	if title := tab.Text(`document.querySelector("#boards .card-title").textContent`); !strings.HasSuffix(title, ", crazyhouse") {
		t.Errorf("live board's title %q does not name crazyhouse", title)
	}
	shot("crazyhouse-live.png")
	for name, done := range map[string]<-chan error{"crazyhouse": zhDone, "3check": threeDone} {
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		case <-time.After(3 * time.Minute):
			t.Fatalf("%s: the run did not end", name)
		}
	}
	g := reviewInBrowser(t, tab, zh, "crazyhouse")
	if all := strings.Join(g.Positions, " "); !strings.Contains(all, "~") || !strings.Contains(strings.Join(g.Moves, " "), "@") {
		t.Errorf("crazyhouse game 1 has no promoted piece or no drop to draw: %v", g.Moves)
	}
	shot("crazyhouse-review.png")
	g = reviewInBrowser(t, tab, three, "3check")
	if last := fenDrawn(g.Positions[len(g.Moves)]); last.Checks[0] == 3 && last.Checks[1] == 3 {
		t.Errorf("three-check game 1 ended with no check given: %v", g.Moves)
	}
	shot("3check-review.png")

	// Atomic (Debian's Fairy-Stockfish has none): a game's PGN viewed as
	// autoplay view serves it, its last capture exploding a king.
	path := filepath.Join(t.TempDir(), "atomic.pgn")
	os.WriteFile(path, []byte(`[Event "autoplay match"]
[Round "1"]
[White "a"]
[Black "b"]
[Result "1-0"]
[Variant "atomic"]

1. Nf3 d5 2. Ne5 Nd7 3. Nxd7 {Black's king exploded} 1-0
`), 0o644)
	index, err := live.OpenPGNIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer index.Close()
	state := live.New()
	runner.LoadView(state, index)
	ln, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	atomic := Serve(ln, state)
	defer atomic.Close()
	reviewInBrowser(t, tab, atomic, "atomic")
	if run := tab.Text(`document.getElementById("run").textContent`); !strings.Contains(run, "atomic") {
		t.Errorf("the run's line %q does not name atomic", run)
	}
	shot("atomic-review.png")
}
