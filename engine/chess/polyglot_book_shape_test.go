package chess

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Bytes that are not a Polyglot book are refused, not read as one.
func TestRandomBytesAreNotAPolyglotBook(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, 16*64)
	for i := range data {
		data[i] = byte(rng.IntN(256))
	}
	if _, err := ParsePolyglot(data); err == nil || !strings.Contains(err.Error(), "not a Polyglot move") {
		t.Errorf("random bytes: %v", err)
	}
}
