package main

import (
	"bytes"
	"hash/crc32"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The regular expressions below are written from the formats fishtest's
// worker and OpenBench's client document in their parsers' comments; the
// tests read autoplay's output the way those projects read cutechess-cli's
// and fastchess's, and check every count against the PGN.
var (
	// fishtest, fastchess era: "Games: 680, Wins: 248, Losses: 266, Draws: 166, Points: 331.0 ("
	fishtestWLD = regexp.MustCompile(`Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \(`)
	// fishtest, fastchess era: "Ptnml(0-2): [43, 61, 144, 55, 37], WL/DD Ratio: 4.76"
	fishtestPtnml = regexp.MustCompile(`Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\]`)
	// fishtest, cutechess era: "Score of stockfish vs base: 0 - 0 - 1  [0.500] 1", split on ":" then on spaces
	// both: "Finished game 4 (Base-SHA vs New-SHA): 1/2-1/2 {Draw by adjudication}", split on spaces
)

// linkAs installs the autoplay binary under another tool's name.
func linkAs(t *testing.T, name string) string {
	t.Helper()
	link := filepath.Join(t.TempDir(), name)
	if err := os.Symlink(buildAutoplay(t), link); err != nil {
		t.Fatal(err)
	}
	return link
}

func runTool(t *testing.T, dir, bin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	return out.String(), errOut.String(), exitCodeOf(err)
}

// pgnTally counts a PGN's games from the first engine's side and its
// pentanomial over the game pairs, the two games of each Round tag (both
// tools number a pair of -games 2 as one round; cutechess's -games 8 make
// a round of 8, counted in no pair).
type pgnTally struct {
	games, wins, losses, draws int
	penta                      [5]int
}

func tallyPGN(t *testing.T, path, first string) pgnTally {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tl pgnTally
	byRound := map[string][]float64{}
	for _, g := range splitPGN(string(data)) {
		score := map[string]float64{"1-0": 1, "0-1": 0, "1/2-1/2": 0.5}[g.tags["Result"]]
		if g.tags["Black"] == first {
			score = 1 - score
		}
		tl.games++
		switch score {
		case 1:
			tl.wins++
		case 0:
			tl.losses++
		default:
			tl.draws++
		}
		byRound[g.tags["Round"]] = append(byRound[g.tags["Round"]], score)
	}
	for _, s := range byRound {
		if len(s) == 2 { // cutechess's -games 8 are one round, not pairs: no pentanomial
			tl.penta[int(2*(s[0]+s[1]))]++
		}
	}
	return tl
}

// openBenchPentanomial is OpenBench's update_results: pairs (g, g+1) for odd
// g, from "Finished game" lines, the first game's white being the first engine.
func openBenchPentanomial(t *testing.T, out string) (penta [5]int, games int) {
	t.Helper()
	lookup := map[string]int{"0-1": 0, "1/2-1/2": 1, "1-0": 2}
	results := map[int]string{}
	for _, line := range strings.Split(out, "\n") {
		if !strings.Contains(line, "Finished game") {
			continue
		}
		tokens := strings.Fields(line)
		g, err := strconv.Atoi(tokens[2])
		if err != nil {
			t.Fatalf("game number in %q: %v", line, err)
		}
		results[g] = tokens[6]
		games++
		first, second := g, g+1
		if g%2 == 0 {
			first, second = g-1, g
		}
		r1, ok1 := results[first]
		r2, ok2 := results[second]
		if !ok1 || !ok2 {
			continue
		}
		penta[lookup[r1]+2-lookup[r2]]++
	}
	return penta, games
}

func TestFishtestFastchessCommandLine(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	dir := t.TempDir()
	fastchess := linkAs(t, "fastchess")
	book, _ := filepath.Abs("testdata/uho12.epd")
	args := []string{"-testEnv", "-recover", "-repeat", "-games", "2", "-rounds", "5",
		"-ratinginterval", "1", "-scoreinterval", "1", "-autosaveinterval", "0", "-report", "penta=true",
		"-pgnout", "file=games.pgn", "append=false", "-crc32", "pgn=true",
		"-site", "https://tests.example/tests/view/1", "-event", "Batch 7: dev vs master",
		"-srand", "1234", "-resign", "movecount=3", "score=600", "-draw", "movenumber=34", "movecount=8", "score=20",
		"-variant", "standard", "-concurrency", "2",
		"-openings", "file=" + book, "format=epd", "order=random", "plies=16", "start=3",
		"-check-mate-pvs",
		"-engine", "name=New-1a2b3c", "tc=10+0.1", "nodes=4000", "cmd=" + stockfish, "dir=.", "option.Hash=8",
		"-engine", "name=Base-1a2b3c", "tc=10+0.1", "nodes=2000", "cmd=" + stockfish, "dir=.", "option.Hash=8",
		"-each", "proto=uci", "option.Threads=1"}
	// A PGN from an earlier batch: append=false starts it afresh.
	os.WriteFile(filepath.Join(dir, "games.pgn"), []byte("[Event \"old\"]\n\n1. e4 1-0\n\n"), 0o644)
	out, stderr, code := runTool(t, dir, fastchess, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	if !strings.Contains(out, "\nFinished match\n") {
		t.Fatalf("no Finished match line:\n%s", out)
	}
	wld := fishtestWLD.FindAllStringSubmatch(out, -1)
	ptnml := fishtestPtnml.FindAllStringSubmatch(out, -1)
	if len(wld) != 5 || len(ptnml) != 5 {
		t.Fatalf("want a rating block after each of the 5 pairs, got %d WLD and %d Ptnml lines:\n%s", len(wld), len(ptnml), out)
	}
	last, lastP := wld[len(wld)-1], ptnml[len(ptnml)-1]
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	games := n(last[1])
	var penta [5]int
	sum := 0
	for i := range penta {
		penta[i] = n(lastP[i+1])
		sum += penta[i]
	}
	if games != 10 || games != 2*sum { // fishtest asserts the second
		t.Fatalf("games %d, pentanomial %v", games, penta)
	}
	pgnPath := filepath.Join(dir, "games.pgn")
	tl := tallyPGN(t, pgnPath, "New-1a2b3c")
	if tl.games != 10 || tl.wins != n(last[2]) || tl.losses != n(last[3]) || tl.draws != n(last[4]) || tl.penta != penta {
		t.Fatalf("PGN says %+v; output says W %s L %s D %s ptnml %v", tl, last[2], last[3], last[4], penta)
	}
	if p, g := openBenchPentanomial(t, out); g != 10 || p != penta {
		t.Fatalf("Finished game lines give %v over %d games, the block %v", p, g, penta)
	}
	// fishtest reads the CRC as the last word of the line naming it; as
	// fastchess does, the line comes after each game is written, just
	// before its "Finished game" line.
	var crcLine string
	crcLines := 0
	lines := strings.Split(out, "\n")
	for i, line := range lines {
		if strings.Contains(line, "has CRC32:") {
			crcLine = line
			crcLines++
			if i+1 == len(lines) || !strings.HasPrefix(lines[i+1], "Finished game ") {
				t.Fatalf("CRC line %q is not followed by a Finished game line:\n%s", line, out)
			}
		}
	}
	if crcLines != 10 {
		t.Fatalf("%d CRC lines, want one after each of the 10 games:\n%s", crcLines, out)
	}
	data, _ := os.ReadFile(pgnPath)
	fields := strings.Fields(crcLine)
	if len(fields) == 0 || fields[len(fields)-1] != "0x"+strconv.FormatUint(uint64(crc32.ChecksumIEEE(data)), 16) {
		t.Fatalf("CRC line %q does not match the PGN", crcLine)
	}
	if strings.Contains(string(data), `[Event "old"]`) {
		t.Fatal("append=false kept the old PGN")
	}
	if !strings.Contains(string(data), `[Event "Batch 7: dev vs master"]`) || !strings.Contains(string(data), `[Site "https://tests.example/tests/view/1"]`) {
		t.Fatal("event and site tags missing")
	}
}

func TestFishtestCutechessCommandLine(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	dir := t.TempDir()
	cutechess := linkAs(t, "cutechess-cli")
	book, _ := filepath.Abs("testdata/uho12.epd")
	args := []string{"-recover", "-repeat", "-games", "8", "-tournament", "gauntlet",
		"-pgnout", "games.pgn", "-site", "https://tests.example/tests/view/2", "-event", "Batch 3: a vs b",
		"-srand", "99", "-resign", "movecount=3", "score=600", "-draw", "movenumber=34", "movecount=8", "score=20",
		"-variant", "standard", "-concurrency", "2",
		"-openings", "file=" + book, "format=epd", "order=random", "plies=16", "start=1",
		"-engine", "name=New-9f", "tc=10+0.1", "nodes=3000", "cmd=" + stockfish, "dir=.", "option.Hash=8",
		"-engine", "name=Base-9f", "tc=10+0.1", "nodes=1500", "cmd=" + stockfish, "dir=.", "option.Hash=8",
		"-each", "proto=uci", "option.Threads=1"}
	out, stderr, code := runTool(t, dir, cutechess, args...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	// fishtest's cutechess-era parser: the pairs from "Finished game", the
	// score from the last "Score" line, odd games with New as white.
	var wld [3]int
	rounds := map[int][2]string{}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "Score") {
			chunks := strings.Fields(strings.SplitN(line, ":", 2)[1])
			for i, j := range []int{0, 2, 4} {
				v, err := strconv.Atoi(chunks[j])
				if err != nil {
					t.Fatalf("score line %q: %v", line, err)
				}
				wld[i] = v
			}
		}
		if f := strings.Fields(line); len(f) >= 7 && f[0] == "Finished" && f[1] == "game" {
			round, _ := strconv.Atoi(f[2])
			rounds[round] = [2]string{f[3][1:], strings.TrimSuffix(f[5], "):")}
		}
	}
	if len(rounds) != 8 {
		t.Fatalf("%d Finished game lines, want 8:\n%s", len(rounds), out)
	}
	for r, players := range rounds {
		if r%2 == 1 && (!strings.HasPrefix(players[0], "New") || rounds[r+1][1] != players[0] || rounds[r+1][0] != players[1]) {
			t.Fatalf("game %d: %v, game %d: %v: fishtest wants New white in odd games and colours swapped in pairs", r, players, r+1, rounds[r+1])
		}
	}
	tl := tallyPGN(t, filepath.Join(dir, "games.pgn"), "New-9f")
	if tl.games != 8 || wld != [3]int{tl.wins, tl.losses, tl.draws} {
		t.Fatalf("Score line says %v, the PGN %+v", wld, tl)
	}
	for _, want := range []string{"Elo difference: ", "...      New-9f playing White: ", "\nFinished match\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

func TestOpenBenchCommandLine(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	dir := t.TempDir()
	engines := filepath.Join(dir, "Engines")
	os.Mkdir(engines, 0o755)
	if err := os.Symlink(stockfish, filepath.Join(engines, "sf-dev")); err != nil {
		t.Fatal(err)
	}
	os.Symlink(stockfish, filepath.Join(engines, "sf-base"))
	os.Mkdir(filepath.Join(dir, "Books"), 0o755)
	data, _ := os.ReadFile("testdata/uho12.epd")
	os.WriteFile(filepath.Join(dir, "Books", "uho12.epd"), data, 0o644)
	// OpenBench's client builds one string and shlex-splits it.
	line := "-recover -variant standard -testEnv -concurrency 2 -rounds 3 -games 2 " +
		"-resign movecount=3 score=400 -draw movenumber=40 movecount=8 score=10 " +
		"-engine dir=Engines/ cmd=./sf-dev proto=uci tc=inf nodes=3000 option.Threads=1 option.Hash=8 name=Stockfish-dev " +
		"-engine dir=Engines/ cmd=./sf-base proto=uci tc=inf nodes=1500 option.Threads=1 option.Hash=8 name=Stockfish-base " +
		"-openings file=Books/uho12.epd format=epd order=random start=4 -srand 77 " +
		"-pgnout file=ob.pgn seldepth=true nodes=true match_line=^info\\sstring\\s.*"
	out, stderr, code := runTool(t, dir, buildAutoplay(t), append([]string{"fastchess"}, strings.Fields(line)...)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	penta, games := openBenchPentanomial(t, out)
	tl := tallyPGN(t, filepath.Join(dir, "ob.pgn"), "Stockfish-dev")
	if games != 6 || tl.games != 6 || penta != tl.penta {
		t.Fatalf("OpenBench reads %v over %d games; the PGN has %+v", penta, games, tl)
	}
	// OpenBench's pgn_util reads each move's comment with these.
	data, _ = os.ReadFile(filepath.Join(dir, "ob.pgn"))
	scoreDepth := regexp.MustCompile(`([+-]?M?\d+(?:\.\d+)?)/(\d+)`)
	timeRe, nodesRe, seldepthRe := regexp.MustCompile(`([\d.]+s)`), regexp.MustCompile(`n=(\d+)`), regexp.MustCompile(`sd=(\d+)`)
	lineRe := regexp.MustCompile(`line="([^"]*)"`)
	comments := regexp.MustCompile(`\{([^}]*)\}`).FindAllStringSubmatch(string(data), -1)
	verbose, kept := 0, 0
	for _, c := range comments {
		if scoreDepth.MatchString(c[1]) && timeRe.MatchString(c[1]) && nodesRe.MatchString(c[1]) && seldepthRe.MatchString(c[1]) {
			verbose++
		}
		if lineRe.MatchString(c[1]) {
			kept++
		}
	}
	if verbose < len(comments)/2 || kept == 0 {
		t.Fatalf("%d of %d comments read as OpenBench's verbose form, %d with a kept line:\n%s", verbose, len(comments), kept, data)
	}
}

func TestCompatCommandLineErrors(t *testing.T) {
	bin := buildAutoplay(t)
	dir := t.TempDir()
	two := []string{"-engine", "cmd=/bin/true", "-engine", "cmd=/bin/true", "-each", "tc=1+0.1"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"fastchess", "-engne", "cmd=x"}, "unknown option -engne (did you mean -engine?)"},
		{[]string{"cutechess", "-tbignore50"}, "option -tbignore50 is not supported"},
		{[]string{"fastchess", "-concurrency"}, "option -concurrency expects exactly one value"},
		{[]string{"fastchess", "-recover", "true"}, "option -recover does not accept parameters"},
		{[]string{"cutechess", "-engine", "cmd=/bin/true", "conf=sf"}, "engine key conf is not supported"},
		{[]string{"cutechess", "-engine", "cmd=/bin/true", "tc=1"}, "at least two engines"},
		{append([]string{"fastchess", "-pgnout", "games.pgn"}, two...), "expects key=value pairs"},
		{append([]string{"fastchess", "-pgnout", "file=g.pgn", "notation=lan"}, two...), "notation=lan"},
		{append([]string{"fastchess", "-variant", "atomic"}, two...), "fastchess plays only standard and fischerandom"},
		{append([]string{"cutechess", "-variant", "xiangqi"}, two...), "autoplay plays standard, fischerandom and crazyhouse"},
		{append([]string{"cutechess", "-tournament", "swiss"}, two...), "round-robin, gauntlet, pyramid or knockout"},
		{[]string{"cutechess", "-engine", "cmd=/bin/true", "-engine", "cmd=/bin/true"}, "missing time control"},
		{append([]string{"fastchess", "-sprt", "elo0=5", "elo1=0"}, two...), "elo0 5 must be below elo1 0"},
		{append([]string{"cutechess", "-games", "0"}, two...), `"0": want a whole number, 1 or more`},
		{[]string{"-engine", "cmd=x"}, "run `autoplay cutechess -engine cmd=x`"},
	} {
		_, stderr, code := runTool(t, dir, bin, tc.args...)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want exit 1 and %q", tc.args, code, stderr, tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused command lines left files: %v", entries)
	}
}

// An SPRT that decides is a normal end for both tools: exit 0, and the
// decision said the tool's way.
func TestCompatSPRTDecisionExitsZero(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	dir := t.TempDir()
	base := []string{"-engine", "cmd=" + stockfish, "name=strong", "nodes=2000", "-engine", "cmd=" + stockfish, "name=weak", "nodes=1",
		"-each", "tc=inf", "option.Hash=8", "-rounds", "50", "-games", "2", "-repeat", "-concurrency", "2",
		"-sprt", "elo0=0", "elo1=200", "alpha=0.3", "beta=0.3", "-srand", "3"}
	out, stderr, code := runTool(t, dir, buildAutoplay(t), append([]string{"fastchess"}, base...)...)
	if code != 0 || !strings.Contains(out, "SPRT ([0.00, 200.00]) completed - H1 was accepted\nFinished match\n") {
		t.Fatalf("fastchess: exit %d\n%s\n%s", code, out, stderr)
	}
	out, stderr, code = runTool(t, dir, buildAutoplay(t), append([]string{"cutechess"}, base...)...)
	if code != 0 || !strings.Contains(out, " - H1 was accepted\n") || !strings.HasSuffix(out, "Finished match\n") {
		t.Fatalf("cutechess: exit %d\n%s\n%s", code, out, stderr)
	}
	if strings.Contains(out, "Finished game 100 ") {
		t.Fatal("the SPRT did not stop the run")
	}
}

// The example command lines in configs/dropin run as they are.
func TestDropinExamplesRun(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	repo, _ := filepath.Abs("../..")
	scripts, _ := filepath.Glob(filepath.Join(repo, "configs/dropin/*.sh"))
	if len(scripts) < 4 {
		t.Fatalf("examples: %v", scripts)
	}
	for _, script := range scripts {
		dir := t.TempDir()
		cmd := exec.Command("sh", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "AUTOPLAY="+buildAutoplay(t), "REPO="+repo)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "\nFinished match\n") {
			t.Errorf("%s: %v\n%s", script, err, out)
			continue
		}
		finished := strings.Count(string(out), "\nFinished game ")
		pgns, _ := filepath.Glob(filepath.Join(dir, "*.pgn"))
		games := 0
		for _, p := range pgns {
			data, _ := os.ReadFile(p)
			games += strings.Count(string(data), "[Round ")
		}
		if finished == 0 || (len(pgns) > 0 && games != finished) {
			t.Errorf("%s: %d games finished, %d in %v", script, finished, games, pgns)
		}
	}
}

// A copy of autoplay named cutechess-cli is cutechess-cli, and still starts
// its own built-in engine (as "cutechess-cli engine"); -strict turns a
// warning into exit status 1.
func TestCopyNamedCutechessCliRunsTheBuiltinEngine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data, err := os.ReadFile(buildAutoplay(t))
	if err != nil {
		t.Fatal(err)
	}
	cc := filepath.Join(dir, "cutechess-cli")
	if err := os.WriteFile(cc, data, 0o755); err != nil {
		t.Fatal(err)
	}
	args := []string{"-engine", "cmd=builtin", "name=a", "depth=2", "-engine", "cmd=builtin", "name=b", "depth=1",
		"-each", "tc=inf", "-games", "2", "-repeat", "-maxmoves", "8"}
	out, stderr, code := runTool(t, dir, cc, args...)
	if code != 0 || strings.Count(out, "Finished game") != 2 || !strings.HasSuffix(out, "Finished match\n") {
		t.Fatalf("exit %d\n%s\n%s", code, out, stderr)
	}
	fc := filepath.Join(dir, "fastchess")
	os.WriteFile(fc, data, 0o755)
	// An option the engine does not declare is a warning: fatal with
	// -strict. (With a book: a run without one is warned about first.)
	book := filepath.Join(dir, "book.epd")
	if err := os.WriteFile(book, []byte("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code = runTool(t, dir, fc, append(append([]string{}, args...), "-each", "option.NoSuchOption=1", "-strict", "-openings", "file="+book, "format=epd")...)
	if code != 1 || !strings.Contains(out, "Warning; ") {
		t.Fatalf("-strict: exit %d\n%s\n%s", code, out, stderr)
	}
}
