package engine

import "github.com/autoplay/autoplay/engine/chess"

// Correction history. The static evaluation misjudges some pawn structures
// the same way position after position; the search finds out by how much.
// Each node whose search settles its score (not in check, best move quiet,
// the bound not pointing away from the evaluation) moves its pawn
// structure's entry toward the difference between that score and the
// evaluation, by more the deeper the search; later evaluations of the same
// structure, side to move alike, are corrected by the entry.

const (
	correctionSize  = 1 << 14 // entries per side to move
	correctionGrain = 256     // an entry is centipawns times this
	correctionMax   = 80 * correctionGrain
	correctionScale = 256 // a node's weight in the average: min(depth+1, 16) of this
)

// correction holds the entries by side to move and pawn structure.
type correction [2][correctionSize]int32

func (c *correction) entry(p *chess.Position) *int32 {
	return &c[p.SideToMove()][pawnKey(p)&(correctionSize-1)]
}

// corrected is raw, p's static evaluation, with p's correction.
func (c *correction) corrected(p *chess.Position, raw int) int {
	return raw + int(*c.entry(p))/correctionGrain
}

// update moves p's entry toward diff, the searched score minus the raw
// evaluation, with a search of depth.
func (c *correction) update(p *chess.Position, depth, diff int) {
	e := c.entry(p)
	w := int64(min(depth+1, 16))
	v := (int64(*e)*(correctionScale-w) + int64(diff)*correctionGrain*w) / correctionScale
	*e = int32(max(-correctionMax, min(v, correctionMax)))
}
