package chess

import "testing"

func mustUCI(t *testing.T, p *Position, u string) Move {
	t.Helper()
	m, ok := p.ParseUCI(u)
	if !ok {
		t.Fatalf("%s illegal in %s", u, p.FEN())
	}
	return m
}
