package compat

import (
	"io"
	"os"
	"testing"
)

// cutechess-cli names an engine given no name= by what it says of itself:
// UCI's id name, XBoard's myname. Real engines: their handshakes are what
// the names come from.
func TestCutechessNamesAnEngineByItsOwnName(t *testing.T) {
	const fairymax = "/usr/games/fairymax"
	for _, p := range []string{stockfish, fairymax} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed", p)
		}
	}
	inv := parseLine(t, Cutechess, "-engine cmd="+stockfish+" -engine cmd="+fairymax+" proto=xboard -engine cmd="+stockfish+" name=sf -each tc=10+0.1")
	if err := inv.Prepare(io.Discard); err != nil {
		t.Fatal(err)
	}
	want := []string{"Stockfish 15.1", "Fairy-Max 5.0b", "sf"}
	for i, e := range inv.Config.Engines {
		if e.Name != want[i] {
			t.Errorf("engine %d is named %q, want %q", i+1, e.Name, want[i])
		}
	}
}
