package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// chess960Engines are Debian's UCI engines that declare UCI_Chess960.
var chess960Engines = []string{"/usr/games/stockfish", "/usr/games/glaurung", "/usr/games/ethereal-chess", "/usr/games/fairy-stockfish"}

// exitsNowAndThen are engines seen to exit mid-game in this test with no
// cause found on autoplay's side: Ethereal 12.00 exited once in a .ci/run
// (-race, a loaded machine), not again in 16 runs under load. Their own
// exits are logged, not failed, until one is explained (set
// KEEP_ENGINE_LOGS=DIR to keep every exchange); the built-in engine's exit
// in their games (as its Chess960 castling crash of a2f7357 was), an
// illegal move, a stall or a bad position sent still fails.
var exitsNowAndThen = map[string]bool{"ethereal-chess": true}

// disconnected is the name of the player a game's ending says disconnected
// ("White disconnects"), or "".
func disconnected(g pgnGame) string {
	for _, side := range []string{"White", "Black"} {
		if strings.HasPrefix(g.ending, side+" disconnects") {
			return g.tags[side]
		}
	}
	return ""
}

// Each of Debian's Chess960 UCI engines plays the built-in engine from FRC
// positions whose rooks start off the corners (where X-FEN's KQkq is
// ambiguous to an engine that assumes corner rooks: Glaurung 2.2 crashed
// on such positions): no engine crashes, stalls or plays an illegal move,
// and every game replays in stockfish.
func TestChess960EveryDebianEngineAgainstTheBuiltIn(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	replay := newStockfishReplayer(t)
	castles := map[string]int{}
	for _, engine := range chess960Engines {
		if _, err := os.Stat(engine); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("CI must install %s (.ci/run)", engine)
			}
			t.Logf("%s not installed: skipped", engine)
			continue
		}
		name := filepath.Base(engine)
		pgnPath := filepath.Join(dir, name+".pgn")
		logPath := filepath.Join(dir, name+".log")
		if d := os.Getenv("KEEP_ENGINE_LOGS"); d != "" {
			logPath = filepath.Join(d, name+".log")
			pgnPath = filepath.Join(d, name+".pgn")
			os.Remove(pgnPath)
			os.Remove(pgnPath + ".state")
		}
		out, err := exec.Command(bin, "match", "--variant", "fischerandom", "--seed", "5", "--maxmoves", "60",
			"--games", "6", "--concurrency", "2", "--pgnout", pgnPath, "--log", logPath,
			"--openings", "file=testdata/frc-offcorner.epd order=random",
			"--engine", fmt.Sprintf("cmd=%s name=%s st=0.03 option.Hash=8", engine, name),
			"--engine", "cmd=builtin name=ap depth=3").CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		b, _ := os.ReadFile(pgnPath)
		games := splitPGN(string(b))
		if len(games) != 6 {
			t.Fatalf("%s: %d games\n%s", name, len(games), out)
		}
		for _, g := range games {
			for _, fault := range []string{"disconnects", "illegal", "stalls", "rejects", "out of turn", "false result claim"} {
				switch {
				case !strings.Contains(g.ending, fault):
				case fault == "disconnects" && exitsNowAndThen[name] && disconnected(g) == name:
					t.Logf("%s round %s: %s (this engine exits now and then: see exitsNowAndThen)", name, g.tags["Round"], g.ending)
				default:
					t.Errorf("%s round %s: %s\nthe engines' stderr and exits:\n%s", name, g.tags["Round"], g.ending, stderrAndExits(logPath))
				}
			}
			replay.check(t, name, g, castles)
		}
		checkShredderPositions(t, logPath)
	}
	t.Logf("castlings replayed: %v", castles)
}

// positionFEN is a FEN autoplay sent a UCI engine, up to its castling field.
var positionFEN = regexp.MustCompile(`> position fen \S+ [wb] (\S+) `)

// checkShredderPositions: every position a Chess960 game sent its UCI
// engines names its castling rooks by file (Shredder-FEN), never KQkq.
func checkShredderPositions(t *testing.T, logPath string) {
	t.Helper()
	b, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	sent := positionFEN.FindAllStringSubmatch(string(b), -1)
	if len(sent) == 0 {
		t.Fatalf("%s: no position fen sent", logPath)
	}
	for _, m := range sent {
		if strings.ContainsAny(m[1], "KQkq") {
			t.Errorf("%s: sent %q: castling as X-FEN letters", logPath, m[0])
		}
	}
}

// stderrAndExits is what the I/O log at logPath says of the engines'
// stderr ('!') and their exits ('#'), the last 40 such lines: enough to
// tell a crash from a kill after a disconnect.
func stderrAndExits(logPath string) string {
	b, err := os.ReadFile(logPath)
	if err != nil {
		return err.Error()
	}
	var kept []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.Contains(line, ") ! ") || strings.Contains(line, ") # ") {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept[max(len(kept)-40, 0):], "\n")
}
