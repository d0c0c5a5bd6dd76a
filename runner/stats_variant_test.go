package runner

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/live"
)

// Variant games the runner wrote (runner/live's testdata: crazyhouse with
// drops and a promotion, three-check won by checks) are counted by stats
// and by autoplay view's standing, each replayed by its Variant tag's
// rules; a three-check win whose result is turned round is left out, as
// the third check ends the game for White.
func TestStatsAndViewReadVariantGamesBack(t *testing.T) {
	files := []string{filepath.Join("live", "testdata", "crazyhouse.pgn"), filepath.Join("live", "testdata", "3check.pgn")}
	res, err := StatsFromPGN(files, nil, io.Discard, func(w string) { t.Errorf("stats warns: %s", w) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Played != 6 {
		t.Errorf("stats counted %d games, want the files' 6", res.Played)
	}
	for _, f := range files {
		x, err := live.OpenPGNIndex(f)
		if err != nil {
			t.Fatal(err)
		}
		state := live.New()
		LoadView(state, x)
		if v := state.View(); v.Summary.Played != x.Len() || v.Run.Variant == "" || !strings.Contains(f, string(v.Run.Variant)) {
			t.Errorf("%s viewed: %d games of %d counted, variant %q", f, v.Summary.Played, x.Len(), v.Run.Variant)
		}
		x.Close()
	}

	text, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	const won = "[Result \"1-0\"]"
	turned := filepath.Join(t.TempDir(), "turned.pgn")
	game1, _, _ := strings.Cut(string(text)[1:], "[Event ")
	if !strings.Contains(game1, won) || !strings.Contains(game1, "{White checks 3 times} 1-0") {
		t.Fatalf("game 1 of %s is not White's three-check win:\n%s", files[1], game1)
	}
	game1 = strings.Replace(strings.Replace("["+game1, won, "[Result \"0-1\"]", 1), "} 1-0", "} 0-1", 1)
	os.WriteFile(turned, []byte(game1), 0o644)
	var warned []string
	if _, err := StatsFromPGN([]string{turned}, nil, io.Discard, func(w string) { warned = append(warned, w) }); err == nil || len(warned) != 1 {
		t.Errorf("a turned three-check result: %v, warnings %q", err, warned)
	} else {
		t.Log(warned[0])
	}
}
