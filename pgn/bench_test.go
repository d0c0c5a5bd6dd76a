package pgn

import "testing"

// BenchmarkOpenSuite measures reading, decompressing and indexing the
// shared books: the delay before the first game can start.
func BenchmarkOpenSuite(b *testing.B) {
	for _, name := range []string{"UHO_4060_v3.epd.zip", "8moves_v3.pgn.zip"} {
		b.Run(name, func(b *testing.B) {
			path := sharedBook(b, name)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := OpenSuite(path, FormatAuto, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOpening measures parsing one entry on demand.
func BenchmarkOpening(b *testing.B) {
	for _, name := range []string{"UHO_4060_v3.epd.zip", "8moves_v3.pgn.zip"} {
		b.Run(name, func(b *testing.B) {
			s, err := OpenSuite(sharedBook(b, name), FormatAuto, 0)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := s.Opening(i % s.Len()); err != nil {
					b.Fatal(err)
				}
				i += 7919
			}
		})
	}
}

func BenchmarkAppendTo(b *testing.B) {
	g := playedGame(b, 1, "", 160, "+0.35/12 0.512s", "-0.20/13 0.498s")
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf = g.AppendTo(buf[:0])
	}
	b.SetBytes(int64(len(buf)))
}
