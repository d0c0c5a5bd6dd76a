package uci

import "testing"

func TestClassifyForeign(t *testing.T) {
	for line, want := range map[string]Misfit{
		"uci":                            MisfitEcho,
		"feature done=0":                 MisfitXBoard,
		"Error (unknown command): uci":   MisfitXBoard,
		"Illegal move: uci":              MisfitXBoard,
		"tellics say     Fairy-Max 5.0b": MisfitXBoard,
		"Stockfish 15.1 by the Stockfish developers": MisfitNone,
		"info string hello":                          MisfitNone,
	} {
		if got := ClassifyForeign([]byte(line)); got != want {
			t.Errorf("%q: %d, want %d", line, got, want)
		}
	}
}
