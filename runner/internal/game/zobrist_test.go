package game

// zobristKeys are the random numbers behind repetition keys.
type zobristKeys struct {
	pieces        [12][64]uint64
	blackToMove   uint64
	castling      [4]uint64
	enPassantFile [8]uint64
}

var zobrist = newZobristKeys()

// newZobristKeys fills the table from a fixed splitmix64 sequence, so keys are
// the same in every run.
func newZobristKeys() *zobristKeys {
	var z zobristKeys
	state := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		state += 0x9E3779B97F4A7C15
		x := state
		x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
		x = (x ^ (x >> 27)) * 0x94D049BB133111EB
		return x ^ (x >> 31)
	}
	for p := range z.pieces {
		for sq := range z.pieces[p] {
			z.pieces[p][sq] = next()
		}
	}
	z.blackToMove = next()
	for i := range z.castling {
		z.castling[i] = next()
	}
	for i := range z.enPassantFile {
		z.enPassantFile[i] = next()
	}
	return &z
}
