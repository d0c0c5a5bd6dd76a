package engine

import "testing"

// BenchmarkEvaluate times the static evaluation over the bench positions.
func BenchmarkEvaluate(b *testing.B) {
	var ps []*Position
	for _, fen := range benchFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	b.ReportAllocs()
	sum := 0
	for i := 0; b.Loop(); i++ {
		sum += Evaluate(ps[i%len(ps)])
	}
	_ = sum
}
