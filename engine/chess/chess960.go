package chess

import "strings"

// Chess960Array is the back rank of Chess960 start position n (0..959, the
// standard numbering, in which 518 is the classical array), as piece
// letters from the a-file: "RNBQKBNR" for 518.
func Chess960Array(n int) string {
	var rank [8]byte
	n = ((n % 960) + 960) % 960
	rank[2*(n%4)+1] = 'B' // light-squared bishop: b, d, f or h
	n /= 4
	rank[2*(n%4)] = 'B' // dark-squared bishop: a, c, e or g
	n /= 4
	placeNth(&rank, n%6, 'Q')
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	// The second knight's place counts the squares left after the first.
	placeNth(&rank, knights[0], 'N')
	placeNth(&rank, knights[1]-1, 'N')
	placeNth(&rank, 0, 'R')
	placeNth(&rank, 0, 'K')
	placeNth(&rank, 0, 'R')
	return string(rank[:])
}

// placeNth puts piece on the i-th (0-based) empty square of rank.
func placeNth(rank *[8]byte, i int, piece byte) {
	for f := range rank {
		if rank[f] != 0 {
			continue
		}
		if i == 0 {
			rank[f] = piece
			return
		}
		i--
	}
}

// Chess960FEN is the start position of Double Chess960 with White's back
// rank from array white and Black's from array black (the same number for
// plain Chess960), in X-FEN: each side's two rooks are its outermost, so
// KQkq names them.
func Chess960FEN(white, black int) string {
	return strings.ToLower(Chess960Array(black)) + "/pppppppp/8/8/8/8/PPPPPPPP/" + Chess960Array(white) + " w KQkq - 0 1"
}
