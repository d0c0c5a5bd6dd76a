package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/internal/ucitest"
)

// Chess960 end to end: stockfish against the built-in engine (UCI), the
// built-in engine under XBoard against stockfish, and a Double Chess960 run.
// Every game's PGN replays in stockfish (UCI_Chess960, king-takes-rook) to
// the position autoplay reached, and castling of both kinds by both sides
// occurs and replays.
func TestChess960MatchesReplayInStockfish(t *testing.T) {
	t.Parallel()
	needStockfish(t)
	bin := buildAutoplay(t)
	dir := t.TempDir()
	sf := "cmd=" + stockfish + " name=sf option.Hash=8 nodes=4000"
	runs := []struct {
		name string
		args []string
	}{
		{"stockfish vs built-in (UCI), FRC book", []string{"--engine", sf, "--engine", "cmd=builtin name=ap depth=4",
			"--openings", "file=../../runner/testdata/frc.epd order=random", "--games", "8"}},
		{"built-in (XBoard) vs stockfish, FRC book", []string{"--engine", "cmd=builtin name=apx proto=xboard depth=4", "--engine", sf,
			"--openings", "file=../../runner/testdata/frc.epd", "--games", "6"}},
		{"Double Chess960", []string{"--engine", sf, "--engine", "cmd=builtin name=ap depth=4", "--openings", "dfrc=random", "--games", "6"}},
	}
	replay := newStockfishReplayer(t)
	castles := map[string]int{}
	games := 0
	play := func(i int, name, seed string, args []string) {
		pgnPath := filepath.Join(dir, fmt.Sprintf("run%d.pgn", i))
		args = append([]string{"match", "--variant", "fischerandom", "--maxmoves", "70", "--seed", seed, "--pgnout", pgnPath}, args...)
		out, err := exec.Command(bin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, out)
		}
		b, _ := os.ReadFile(pgnPath)
		for _, g := range splitPGN(string(b)) {
			games++
			if g.tags["Variant"] != "Chess960" || g.tags["FEN"] == "" {
				t.Errorf("%s: tags %v", name, g.tags)
			}
			if strings.Contains(g.ending, "illegal") || strings.Contains(g.ending, "rejects") || strings.Contains(g.ending, "stalls") {
				t.Errorf("%s round %s: %s", name, g.tags["Round"], g.ending)
			}
			replay.check(t, name, g, castles)
		}
	}
	for i, run := range runs {
		play(i, run.name, "3", run.args)
	}
	// Which castlings the games above contain depends on both engines'
	// moves. Each kind is proven by positions where it is the only mate in
	// one (the king moving one square, or not at all, as Chess960 allows),
	// played by both engines from both sides.
	play(len(runs), "castling mates", "3", []string{"--engine", sf, "--engine", "cmd=builtin name=ap depth=4",
		"--openings", "file=testdata/castling-mates.epd", "--games", "8"})
	kinds := []string{"white O-O", "white O-O-O", "black O-O", "black O-O-O"}
	t.Logf("castlings replayed in %d games: %v", games, castles)
	for _, kind := range kinds {
		if castles[kind] == 0 {
			t.Errorf("no %s in %d games: castling is not proven both ways", kind, games)
		}
	}
}

type pgnGame struct {
	tags   map[string]string
	moves  []string
	ending string
}

var (
	tagLine      = regexp.MustCompile(`^\[(\w+) "(.*)"\]$`)
	pgnCommentRe = regexp.MustCompile(`\{([^}]*)\}`)
)

// splitPGN reads autoplay's own PGN: tags, SAN moves, the final comment.
func splitPGN(text string) []pgnGame {
	var games []pgnGame
	for _, chunk := range strings.Split(text, "\n\n[Event ") {
		if strings.TrimSpace(chunk) == "" {
			continue
		}
		if !strings.HasPrefix(chunk, "[Event ") {
			chunk = "[Event " + chunk
		}
		g := pgnGame{tags: map[string]string{}}
		head, body, _ := strings.Cut(chunk, "\n\n")
		for _, line := range strings.Split(head, "\n") {
			if m := tagLine.FindStringSubmatch(line); m != nil {
				g.tags[m[1]] = m[2]
			}
		}
		comments := pgnCommentRe.FindAllStringSubmatch(body, -1)
		if len(comments) > 0 {
			g.ending = comments[len(comments)-1][1]
		}
		for _, tok := range strings.Fields(pgnCommentRe.ReplaceAllString(body, " ")) {
			if strings.HasSuffix(tok, ".") || tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*" {
				continue
			}
			if i := strings.LastIndex(tok, "."); i >= 0 {
				tok = tok[i+1:]
			}
			g.moves = append(g.moves, tok)
		}
		games = append(games, g)
	}
	return games
}

// stockfishReplayer plays a game's moves into stockfish in Chess960 mode
// and reads back the position it reached.
type stockfishReplayer struct{ sf *ucitest.Session }

func newStockfishReplayer(t *testing.T) *stockfishReplayer {
	return &stockfishReplayer{ucitest.Stockfish(t, "UCI_Chess960=true")}
}

// check replays g with the engine's board (SAN to king-takes-rook moves)
// and in stockfish, and compares the placement both reach.
func (r *stockfishReplayer) check(t *testing.T, run string, g pgnGame, castles map[string]int) {
	t.Helper()
	pos, err := chess.ParseFEN(g.tags["FEN"])
	if err != nil {
		t.Fatalf("%s round %s: FEN %v", run, g.tags["Round"], err)
	}
	var uci []string
	for _, san := range g.moves {
		mv, err := pos.ParseSAN(san)
		if err != nil {
			t.Fatalf("%s round %s: %s: %v", run, g.tags["Round"], san, err)
		}
		if mv.IsCastle() {
			side := "white"
			if pos.SideToMove() == chess.Black {
				side = "black"
			}
			castles[side+" "+strings.TrimRight(san, "+#")]++
		}
		uci = append(uci, string(mv.AppendUCI(nil, true)))
		pos.MakeMove(mv)
	}
	r.sf.Send("position fen %s moves %s", g.tags["FEN"], strings.Join(uci, " "))
	r.sf.Send("d")
	line, ok := r.sf.Until("Fen: ")
	if !ok {
		t.Fatal("stockfish said no Fen")
	}
	fen := strings.TrimPrefix(line, "Fen: ")
	got, want := strings.Fields(fen), strings.Fields(pos.FEN())
	if got[0] != want[0] || got[1] != want[1] {
		t.Errorf("%s round %s: stockfish reached %s, autoplay %s", run, g.tags["Round"], fen, pos.FEN())
	}
}
