package runner

import (
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// moveCommentRe is the PGN comment of an engine move: score/depth and time.
var moveCommentRe = regexp.MustCompile(`^([+-]\d+\.\d\d|[+-]M\d+)/\d+ \d+\.\d{3}s$`)

func TestStockfishMatchPlaysGamePairsFromOpeningsAndWritesValidPGN(t *testing.T) {
	needStockfish(t)
	pgnPath := t.TempDir() + "/sf.pgn"
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=sf-a option.Hash=8 nodes=400"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf-b option.Hash=8 nodes=400"),
		},
		Schedule:  spec.Schedule{Games: 4, Openings: spec.OpeningsConfig{File: "testdata/uho4.epd"}},
		RunLayout: spec.RunLayout{Concurrency: 2},
		Outputs:   spec.Outputs{PGNOut: pgnPath, Event: "sf test"},
	})
	if run.err != nil {
		t.Fatalf("match: %v\n%s", run.err, run.out)
	}
	games := parseGames(t, run.pgn)
	if len(games) != 4 || run.res.Played != 4 {
		t.Fatalf("got %d games in the PGN, %d played; want 4", len(games), run.res.Played)
	}
	byRound := map[string]pgnGame{}
	for _, g := range games {
		byRound[g.tags["Round"]] = g
		if g.tags["SetUp"] != "1" || g.tags["FEN"] == "" {
			t.Errorf("round %s: an EPD opening needs SetUp and FEN tags: %v", g.tags["Round"], g.tags)
		}
		if g.tags["Event"] != "sf test" || g.tags["TimeControl"] != "-" || g.tags["PlyCount"] == "" || g.tags["GameDuration"] == "" {
			t.Errorf("round %s: tags %v", g.tags["Round"], g.tags)
		}
		for _, c := range regexp.MustCompile(`\{([^}]*)\}`).FindAllStringSubmatch(g.moves, -1) {
			comment := strings.Join(strings.Fields(c[1]), " ") // the writer may wrap inside comments
			if comment != g.ending && !moveCommentRe.MatchString(comment) {
				t.Errorf("round %s: move comment %q is not like {+0.35/12 0.512s}", g.tags["Round"], c[1])
			}
		}
	}
	// Game pairs: the same opening twice with colours swapped.
	for _, pair := range [][2]string{{"1", "2"}, {"3", "4"}} {
		a, b := byRound[pair[0]], byRound[pair[1]]
		if a.tags["FEN"] != b.tags["FEN"] {
			t.Errorf("games %s and %s start from different openings", pair[0], pair[1])
		}
		if a.tags["White"] != b.tags["Black"] || a.tags["Black"] != b.tags["White"] {
			t.Errorf("games %s and %s do not swap colours", pair[0], pair[1])
		}
	}
	if byRound["1"].tags["FEN"] == byRound["3"].tags["FEN"] {
		t.Errorf("the second pair repeats the first pair's opening")
	}
	// The score adds up to the games recorded.
	sc := run.res.Encounters[0].Score
	if sc.Wins+sc.Draws+sc.Losses != 4 || run.res.Encounters[0].Pairs.Pairs() != 2 {
		t.Errorf("score %+v, pairs %v", sc, run.res.Encounters[0].Pairs)
	}
	for _, want := range []string{"Finished game 4", "Score of sf-a vs sf-b:", "Elo difference:", "LOS:", "DrawRatio:"} {
		if !strings.Contains(run.out, want) {
			t.Errorf("output lacks %q:\n%s", want, run.out)
		}
	}
	checkPGNExtract(t, pgnPath, 4)
}

func TestPGNOpeningsArePlayedAsBookMoves(t *testing.T) {
	needStockfish(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=200"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=200"),
		},
		Schedule:     spec.Schedule{Games: 2, Openings: spec.OpeningsConfig{File: "testdata/8moves4.pgn", Plies: 6}},
		Adjudication: spec.Adjudication{MaxMoves: 20},
	})
	if run.err != nil {
		t.Fatalf("match: %v\n%s", run.err, run.out)
	}
	for _, g := range parseGames(t, run.pgn) {
		moves := strings.Join(strings.Fields(g.moves), " ")
		if !strings.HasPrefix(moves, "1. Nf3 {book} 1... d5 {book} 2. g3 {book} 2... c6 {book} 3. Bg2 {book} 3... Nf6 {book} 4. ") ||
			strings.Count(moves, "{book}") != 6 {
			t.Errorf("round %s does not start with the 6 book plies:\n%s", g.tags["Round"], g.moves)
		}
		if _, ok := g.tags["FEN"]; ok {
			t.Errorf("a PGN opening from the initial position needs no FEN tag")
		}
	}
}

func TestMaxMovesAdjudicatesADraw(t *testing.T) {
	needStockfish(t)
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+stockfishPath+" name=a nodes=100"),
			engineSpec(t, "cmd="+stockfishPath+" name=b nodes=100"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 5},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, g := range parseGames(t, run.pgn) {
		if g.ending != "Draw by adjudication: move limit" || g.tags["Result"] != "1/2-1/2" ||
			g.tags["Termination"] != "adjudication" || g.tags["PlyCount"] != "10" {
			t.Errorf("round %s: %q %v", g.tags["Round"], g.ending, g.tags)
		}
	}
}
