package chess

// Zobrist keys, from a fixed seed so hashes are the same in every run.
var (
	zPiece  [16][64]uint64
	zCastle [16]uint64
	zEP     [8]uint64
	zSide   uint64
)

func init() {
	s := uint64(0x2545F4914F6CDD1D)
	next := func() uint64 { // splitmix64
		s += 0x9E3779B97F4A7C15
		z := s
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for p := range zPiece {
		for sq := range zPiece[p] {
			zPiece[p][sq] = next()
		}
	}
	for i := range zCastle {
		zCastle[i] = next()
	}
	for i := range zEP {
		zEP[i] = next()
	}
	zSide = next()
}
