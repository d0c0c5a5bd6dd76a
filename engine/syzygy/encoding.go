package syzygy

import "sync"

// The index tables of the Syzygy format, built once, when tables are first
// opened (not at init, which every autoplay process pays): how a placement
// of pieces maps to an index into a table. They follow the format's own
// definitions (Ronald de Man's generator), which every prober must share.

// offDiagonal is rank - file: 0 on the a1-h8 diagonal, negative below it.
func offDiagonal(sq int) int { return sq>>3 - sq&7 }

var (
	mapB1H1H7     [64]int     // a square below the a1-h8 diagonal -> 0..27
	mapA1D1D4     [64]int     // a square of the a1-d1-d4 triangle -> 0..9
	mapKK         [10][64]int // two kings, the first in the triangle -> 0..461
	binomial      [7][64]uint64
	mapPawns      [64]int // a2..h7 -> 0..47: the leading pawn has the highest
	leadPawnIdx   [6][64]uint64
	leadPawnsSize [6][4]uint64
)

// buildEncodingOnce builds the tables above for the first Open.
var buildEncodingOnce sync.Once

func buildEncoding() {
	code := 0
	for sq := 0; sq < 64; sq++ {
		if offDiagonal(sq) < 0 {
			mapB1H1H7[sq] = code
			code++
		}
	}
	code = 0
	var diagonal []int
	for sq := 0; sq <= 27; sq++ { // a1..d4
		switch {
		case offDiagonal(sq) < 0 && sq&7 <= 3:
			mapA1D1D4[sq] = code
			code++
		case offDiagonal(sq) == 0 && sq&7 <= 3:
			diagonal = append(diagonal, sq)
		}
	}
	for _, sq := range diagonal {
		mapA1D1D4[sq] = code
		code++
	}

	type pair struct{ idx, sq int }
	var bothOnDiagonal []pair
	code = 0
	for idx := 0; idx < 10; idx++ {
		for s1 := 0; s1 <= 27; s1++ {
			if mapA1D1D4[s1] != idx || (idx == 0 && s1 != 1) { // b1 is mapped to 0
				continue
			}
			if s1&7 > 3 || (offDiagonal(s1) > 0) {
				continue
			}
			for s2 := 0; s2 < 64; s2++ {
				switch {
				case kingDistance(s1, s2) <= 1:
					continue // adjacent kings, or the same square
				case offDiagonal(s1) == 0 && offDiagonal(s2) > 0:
					continue // first on the diagonal, second above it
				case offDiagonal(s1) == 0 && offDiagonal(s2) == 0:
					bothOnDiagonal = append(bothOnDiagonal, pair{idx, s2})
				default:
					mapKK[idx][s2] = code
					code++
				}
			}
		}
	}
	for _, p := range bothOnDiagonal {
		mapKK[p.idx][p.sq] = code
		code++
	}

	binomial[0][0] = 1
	for n := 1; n < 64; n++ {
		for k := 0; k < 7 && k <= n; k++ {
			var v uint64
			if k > 0 {
				v += binomial[k-1][n-1]
			}
			if k < n {
				v += binomial[k][n-1]
			}
			binomial[k][n] = v
		}
	}

	available := 47
	for lead := 1; lead <= 5; lead++ {
		for file := 0; file < 4; file++ {
			var idx uint64
			for rank := 1; rank <= 6; rank++ {
				sq := rank*8 + file
				if lead == 1 {
					mapPawns[sq] = available
					available--
					mapPawns[sq^7] = available
					available--
				}
				leadPawnIdx[lead][sq] = idx
				idx += binomial[lead-1][mapPawns[sq]]
			}
			leadPawnsSize[lead][file] = idx
		}
	}
}

// kingDistance is the number of king steps between two squares.
func kingDistance(a, b int) int {
	df, dr := a&7-b&7, a>>3-b>>3
	if df < 0 {
		df = -df
	}
	if dr < 0 {
		dr = -dr
	}
	return max(df, dr)
}
