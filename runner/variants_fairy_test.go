package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/internal/proctest"
	"github.com/autoplay/autoplay/internal/ucitest"
	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/spec"
)

// fairyStockfishPath is the Fairy-Stockfish the variant matches play, as
// the chess core's perft tests find it.
func fairyStockfishPath() string {
	if p := os.Getenv("AUTOPLAY_FAIRY_STOCKFISH"); p != "" {
		return p
	}
	return ucitest.FairyStockfishPath
}

// Every variant autoplay plays, each a short match between two
// Fairy-Stockfish instances at a small node count, judged by autoplay's own
// rules; then every game of the PGN is replayed in Fairy-Stockfish: each
// move must be among the legal moves it lists (go perft 1) in the position
// told as the PGN's FEN and the moves before, and the game ends by the
// rules exactly where Fairy-Stockfish has no move left. Fairy-Stockfish
// starts slowly on a busy machine: one game a variant, two matches at a time.
func TestVariantsPlayedByFairyStockfishReplayInFairyStockfish(t *testing.T) {
	needEngine(t, fairyStockfishPath())
	var declared []string
	t.Run("declared", func(t *testing.T) { declared = ucitest.FairyStockfish(t).Variants() })
	var names []string
	for _, n := range spec.VariantNames() {
		v, _ := spec.ParseVariant(n)
		if !slices.Contains(declared, v.EngineName()) {
			t.Logf("%s: this Fairy-Stockfish has no %s (Debian's 11.1 has no atomic); AUTOPLAY_FAIRY_STOCKFISH may name a newer build", n, v.EngineName())
			continue
		}
		names = append(names, n)
	}
	dir := playVariantMatches(t, names, func(name string) []string {
		return []string{"cmd=" + fairyStockfishPath() + " name=a nodes=800 option.Hash=4 timeout=60",
			"cmd=" + fairyStockfishPath() + " name=b nodes=1000 option.Hash=4 timeout=60"}
	})
	replayVariantGames(t, dir, names)
}

// Sjeng plays crazyhouse, suicide and losers over XBoard against
// Fairy-Stockfish over UCI (Fairy-Max king of the hill, under its own name
// for it, king-of-the-hill); every game replays in Fairy-Stockfish.
func TestVariantsOverXBoardReplayInFairyStockfish(t *testing.T) {
	needEngine(t, fairyStockfishPath())
	needEngine(t, "/usr/games/sjeng")
	needEngine(t, fairymaxPath)
	names := []string{"crazyhouse", "suicide", "losers", "kingofthehill"}
	dir := playVariantMatches(t, names, func(name string) []string {
		xb := "cmd=/usr/games/sjeng proto=xboard name=sjeng tc=5+0.05 timeout=60"
		if name == "kingofthehill" {
			xb = "cmd=" + fairymaxPath + " proto=xboard name=fm tc=5+0.05 timeout=60"
		}
		return []string{xb, "cmd=" + fairyStockfishPath() + " name=fs nodes=1000 option.Hash=4 timeout=60"}
	})
	replayVariantGames(t, dir, names)
}

// playVariantMatches plays one game of each variant of names between the
// engines given for it, two matches at a time, and checks each PGN's
// records; it returns the directory of the PGNs (name.pgn).
func playVariantMatches(t *testing.T, names []string, engines func(name string) []string) string {
	t.Helper()
	dir := t.TempDir()
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2) // two matches (four engines) at a time on two cores
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			specs := engines(name)
			cfg := spec.Config{
				Engines:      []spec.EngineConfig{engineSpec(t, specs[0]), engineSpec(t, specs[1])},
				Schedule:     spec.Schedule{Variant: spec.Variant(name), Games: 1},
				Adjudication: spec.Adjudication{MaxMoves: 60},
				Outputs:      spec.Outputs{PGNOut: filepath.Join(dir, name+".pgn")},
			}
			_, err := Run(context.Background(), cfg, Options{Out: &proctest.Output{}})
			if err == nil {
				checkRecordsHold(t, cfg, cfg.PGNOut)
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	checkNoLeaks(t)
	for i, name := range names {
		if errs[i] != nil {
			t.Errorf("%s: %v", name, errs[i])
		}
	}
	return dir
}

// replayVariantGames replays every game of each variant's PGN in dir in
// Fairy-Stockfish (replayInFairyStockfish).
func replayVariantGames(t *testing.T, dir string, names []string) {
	t.Helper()
	sf := ucitest.FairyStockfish(t)
	for _, name := range names {
		path := filepath.Join(dir, name+".pgn")
		games := 0
		if _, err := pgn.ScanGames(path, func(r pgn.GameResult, text []byte) error {
			games++
			return replayInFairyStockfish(sf, name, r, text, path)
		}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if games != 1 {
			t.Errorf("%s: %d games in its PGN, want 1", name, games)
		}
	}
}

// replayInFairyStockfish replays one game of the PGN in Fairy-Stockfish.
func replayInFairyStockfish(sf *ucitest.Session, name string, r pgn.GameResult, text []byte, path string) error {
	o, err := pgn.ReadGameMoves(text, path, r.Line)
	if err != nil {
		return err
	}
	// Sjeng 11.2 now and then calls a legal drop illegal: its game ends
	// "rejects a legal move", and the replay below proves the move legal.
	sjengRejects := strings.HasPrefix(r.Ending, "White rejects a legal move: ") && r.White == "sjeng" ||
		strings.HasPrefix(r.Ending, "Black rejects a legal move: ") && r.Black == "sjeng"
	if (r.Termination == "rules infraction" || r.Termination == "abandoned") && !sjengRejects {
		// an engine told a wrong position plays what is illegal here
		return fmt.Errorf("game %d: ends {%s}: the engines must play it out", r.Round, r.Ending)
	}
	v, _ := spec.ParseVariant(name)
	if o.Variant != v.Rules() || o.FEN == "" || !strings.Contains(string(text), `[Variant "`+name+`"]`) {
		return fmt.Errorf("game %d: read back as %s from %q, not %s", r.Round, o.Variant, o.FEN, name)
	}
	sf.Send("setoption name UCI_Variant value %s", v.EngineName())
	sf.Send("setoption name UCI_Chess960 value %v", v.IsChess960())
	pos, err := v.StartPosition(o.FEN)
	if err != nil {
		return err
	}
	uci := make([]string, 0, len(o.Moves))
	for i := 0; i <= len(o.Moves); i++ {
		sf.Send("position fen %s moves %s", o.FEN, strings.Join(uci, " "))
		sf.Send("go perft 1")
		var legal []string
		sf.Until("Nodes searched", func(line string) {
			if mv, _, ok := strings.Cut(line, ": "); ok {
				legal = append(legal, mv)
			}
		})
		if i == len(o.Moves) {
			status, _ := pos.Outcome()
			ended := status != chess.Ongoing && status != chess.FiftyMoveRule && status != chess.Repetition && status != chess.InsufficientMaterial
			if ended != (len(legal) == 0) && v.Rules() != chess.RacingKings {
				// Fairy-Stockfish 11.1 lists moves (and its search at the
				// root plays one) after a king reached the eighth rank: it
				// ends racing kings below the root only.
				return fmt.Errorf("game %d (%s): the rules say %s at its end, Fairy-Stockfish lists %d moves there", r.Round, r.Result, status, len(legal))
			}
			if ended && r.Termination == "adjudication" {
				return fmt.Errorf("game %d: adjudicated where the rules ended it (%s)", r.Round, status)
			}
			return nil
		}
		mv := string(o.Moves[i].AppendAs(nil, v.IsChess960()))
		if !slices.Contains(legal, mv) {
			return fmt.Errorf("game %d: ply %d %s is not among Fairy-Stockfish's legal moves %v", r.Round, i+1, mv, legal)
		}
		m, ok := pos.FromProtocol(o.Moves[i])
		if !ok {
			return fmt.Errorf("game %d: ply %d %s is not legal to the core", r.Round, i+1, mv)
		}
		pos.MakeMove(m)
		uci = append(uci, mv)
	}
	return nil
}
