package engine

import (
	"go/format"
	"math/rand/v2"
	"testing"
)

// WeightsSource writes gofmt's form without go/format (which the engine
// must not link): the current weights and weights of every width and sign,
// which move the var block's columns, come out as gofmt would leave them.
func TestWeightsSourceIsGofmtClean(t *testing.T) {
	saved := CurrentWeights()
	defer SetWeights(saved)
	rng := rand.New(rand.NewPCG(52, 1))
	for round := range 20 {
		if round > 0 {
			w := CurrentWeights()
			for i := range w.Pairs {
				w.Pairs[i] = [2]int32{rng.Int32N(4001) - 2000, rng.Int32N(41) - 20}
				if round%3 == 0 {
					w.Pairs[i][0] = rng.Int32N(3) // narrow values: the columns shrink
				}
			}
			for i := range w.King {
				w.King[i] = rng.Int32N(200) - 100
			}
			w.Tempo = rng.Int32N(100) - 50
			SetWeights(w)
		}
		src := WeightsSource("a comment\nof two lines")
		formatted, err := format.Source(src)
		if err != nil {
			t.Fatalf("round %d: not Go: %v\n%s", round, err, src)
		}
		if string(formatted) != string(src) {
			t.Fatalf("round %d: gofmt changes WeightsSource's output:\n%s\ngofmt's:\n%s", round, src, formatted)
		}
	}
}
