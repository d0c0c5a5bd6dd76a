package runner

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse/runfile"
)

var moveComment = regexp.MustCompile(`(\S+) \{([^}]*)\}`)

// With every per-move field asked for, each engine move's comment carries
// them in fastchess's spelling, with values that hold up, and the JSON
// lines carry the same.
func TestMoveFieldsInPGNAndJSONLines(t *testing.T) {
	needStockfish(t)
	dir := t.TempDir()
	pgnPath, jsonl := filepath.Join(dir, "games.pgn"), filepath.Join(dir, "games.jsonl")
	fields, err := spec.ParseMoveFields(strings.Split("nodes,seldepth,nps,hashfull,tbhits,pv,timeleft,latency", ","))
	if err != nil {
		t.Fatal(err)
	}
	sf := "cmd=" + stockfishPath + " option.Hash=8 option.Threads=1 tc=20+0.2 nodes=3000"
	run := runMatch(t, spec.Config{
		Engines:      []spec.EngineConfig{engineSpec(t, sf+" name=a"), engineSpec(t, sf+" name=b")},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 20},
		Outputs:      spec.Outputs{PGNOut: pgnPath, GamesJSONL: jsonl, MoveFields: fields, MatchLine: `^info string`},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	comments := moveComment.FindAllStringSubmatch(run.pgn, -1)
	if len(comments) < 40 {
		t.Fatalf("%d move comments", len(comments))
	}
	lines := 0
	for _, c := range comments {
		text := strings.Join(strings.Fields(c[2]), " ") // the PGN wraps long comments
		for _, key := range []string{"tl=", "latency=", "n=", "sd=", "nps=", "hashfull=", "tbhits=", `pv="`} {
			if !strings.Contains(text, ", "+key) {
				t.Fatalf("comment %q lacks %s", text, key)
			}
		}
		n, _ := strconv.Atoi(regexp.MustCompile(`, n=(\d+)`).FindStringSubmatch(text)[1])
		if n < 1 || n > 3000+1000 {
			t.Errorf("nodes %d in %q at a 3000-node limit", n, text)
		}
		if strings.Contains(text, `line="info string`) {
			lines++
		}
	}
	if lines == 0 {
		t.Error("no info string line kept by match_line")
	}
	checkPGNExtract(t, pgnPath, 2)

	f, err := os.Open(jsonl)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	games := parseGames(t, run.pgn)
	i := 0
	for sc.Scan() {
		var g record.JSONGame
		if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
			t.Fatal(err)
		}
		if g.Number != i+1 || len(g.Moves) != len(strings.Fields(moveNumbers.ReplaceAllString(games[i].moves, ""))) {
			t.Errorf("game %d: %d moves in JSON, PGN %q", g.Number, len(g.Moves), games[i].moves)
		}
		for _, m := range g.Moves {
			if m.Book {
				continue
			}
			if m.Nodes == nil || *m.Nodes == 0 || m.PV == "" || !strings.HasPrefix(m.PV, m.Move) || m.SAN == "" {
				t.Fatalf("game %d move %+v", g.Number, m)
			}
		}
		i++
	}
	if i != 2 {
		t.Fatalf("%d JSON lines", i)
	}
}

var moveNumbers = regexp.MustCompile(`\d+\.(\.\.)?|\{[^}]*\}|1-0|0-1|1/2-1/2|\*`)

// Without fields the comments stay as they were: score/depth and time.
func TestDefaultCommentsStaySmall(t *testing.T) {
	needStockfish(t)
	sf := "cmd=" + stockfishPath + " option.Hash=8 tc=20+0.2 nodes=500"
	run := runMatch(t, spec.Config{Engines: []spec.EngineConfig{engineSpec(t, sf+" name=a"), engineSpec(t, sf+" name=b")}, Schedule: spec.Schedule{Games: 1}, Adjudication: spec.Adjudication{MaxMoves: 6}})
	if run.err != nil {
		t.Fatal(run.err)
	}
	for _, c := range moveComment.FindAllStringSubmatch(run.pgn, -1) {
		c[2] = strings.Join(strings.Fields(c[2]), " ")
		if !regexp.MustCompile(`^[+-](\d+\.\d\d|M\d+)/\d+ \d+\.\d{3}s$`).MatchString(c[2]) && !strings.Contains(c[2], "adjudication") {
			t.Errorf("default comment %q", c[2])
		}
	}
}

func TestMoveFieldNamesAreChecked(t *testing.T) {
	if _, err := spec.ParseMoveFields([]string{"nodes", "depthh"}); err == nil || !strings.Contains(err.Error(), `"depthh"`) {
		t.Fatalf("err = %v", err)
	}
	_, err := runfile.ParseConfig("x.yaml", []byte("engines: [{name: a, cmd: builtin, depth: 1}, {name: b, cmd: builtin, depth: 1}]\npgnfields: [nodes, speed]\nmatch_line: '('\n"))
	if err == nil || !strings.Contains(err.Error(), `x.yaml:2:`) || !strings.Contains(err.Error(), `"speed"`) || !strings.Contains(err.Error(), "x.yaml:3:") {
		t.Fatalf("err = %v", err)
	}
}

// A field the engine never reports is left out, not written as 0: Fairy-Max
// (XBoard) sends depth, time and nodes in its thinking lines and none of
// seldepth, speed, hash use or tablebase hits; stockfish sends them all.
func TestMoveFieldsLeaveOutWhatTheEngineDidNotSend(t *testing.T) {
	needStockfish(t)
	needEngine(t, fairymaxPath)
	fields, err := spec.ParseMoveFields([]string{"nodes", "seldepth", "nps", "hashfull", "tbhits"})
	if err != nil {
		t.Fatal(err)
	}
	run := runMatch(t, spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "cmd="+fairymaxPath+" proto=xboard name=fm tc=3+0.05"),
			engineSpec(t, "cmd="+stockfishPath+" name=sf nodes=2000 option.Hash=4"),
		},
		Schedule:     spec.Schedule{Games: 2},
		Adjudication: spec.Adjudication{MaxMoves: 6},
		Outputs:      spec.Outputs{MoveFields: fields},
	})
	if run.err != nil {
		t.Fatal(run.err)
	}
	comment := regexp.MustCompile(`\{([^}]*)\}`)
	for _, g := range parseGames(t, run.pgn) {
		fmWhite := g.tags["White"] == "fm"
		for i, m := range comment.FindAllStringSubmatch(g.moves, -1) {
			c := []string{"", strings.Join(strings.Fields(m[1]), " ")} // unwrapped
			if !strings.Contains(c[1], "/") {                          // the final comment, or a move without a score
				continue
			}
			byFM := (i%2 == 0) == fmWhite
			switch {
			case byFM && (!strings.Contains(c[1], "n=") || regexp.MustCompile(`sd=|nps=|hashfull=|tbhits=`).MatchString(c[1])):
				t.Errorf("Fairy-Max's move %d: {%s}, want nodes only", i+1, c[1])
			case !byFM && !regexp.MustCompile(`n=\d+, sd=\d+, nps=\d+, hashfull=\d+, tbhits=\d+`).MatchString(c[1]):
				t.Errorf("stockfish's move %d: {%s}, want every field", i+1, c[1])
			}
		}
	}
}
