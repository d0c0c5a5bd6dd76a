package chess

// What a search needs beyond a GUI: the bitboards behind the position,
// attack sets, and a few questions about the game so far. The rules core
// keeps its own fields private and answers through these.

// Pieces is the set of pieces of one colour and type.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.pieces(c, t) }

// ByColor is the set of one colour's pieces.
func (p *Position) ByColor(c Color) Bitboard { return p.byColor[c] }

// ByType is the set of pieces of one type, both colours.
func (p *Position) ByType(t PieceType) Bitboard { return p.byType[t] }

// Occupied is the set of all pieces.
func (p *Position) Occupied() Bitboard { return p.occ() }

// KingSquare is where c's king stands.
func (p *Position) KingSquare(c Color) Square { return p.kingSq(c) }

// AttackersTo is the set of pieces of both colours that attack s with the
// board occupied as occ.
func (p *Position) AttackersTo(s Square, occ Bitboard) Bitboard { return p.attackersTo(s, occ) }

// GenerateCaptures lists the legal captures and queen promotions; in
// check, every legal move (the evasions).
func (p *Position) GenerateCaptures(ml *MoveList) { p.generateCaptures(ml) }

// IsRepeat reports whether the position occurred before since the last
// irreversible move (a draw for the search).
func (p *Position) IsRepeat() bool { return p.isRepeat() }

// SEE is the static exchange evaluation of m in centipawns.
func (p *Position) SEE(m Move) int { return p.see(m) }

// AfterNullMove reports whether the last move made was a null move.
func (p *Position) AfterNullMove() bool {
	n := len(p.hist)
	return n > 0 && p.hist[n-1].move == NoMove
}

// HasNonPawnMaterial reports whether c has a piece other than pawns and king.
func (p *Position) HasNonPawnMaterial(c Color) bool {
	return p.byColor[c]&^(p.byType[Pawn]|p.byType[King]) != 0
}

// Attack sets, for evaluation.

// KnightAttacks is the set of squares a knight on s attacks.
func KnightAttacks(s Square) Bitboard { return knightAttacks[s] }

// KingAttacks is the set of squares a king on s attacks.
func KingAttacks(s Square) Bitboard { return kingAttacks[s] }

// PawnAttacks is the set of squares a pawn of colour c on s attacks.
func PawnAttacks(c Color, s Square) Bitboard { return pawnAttacks[c][s] }

// BishopAttacks is the set of squares a bishop on s attacks with occupancy occ.
func BishopAttacks(s Square, occ Bitboard) Bitboard { return bishopAttacks(s, occ) }

// RookAttacks is the set of squares a rook on s attacks with occupancy occ.
func RookAttacks(s Square, occ Bitboard) Bitboard { return rookAttacks(s, occ) }

// QueenAttacks is the set of squares a queen on s attacks with occupancy occ.
func QueenAttacks(s Square, occ Bitboard) Bitboard { return queenAttacks(s, occ) }

// SquareSet is the set holding only s.
func SquareSet(s Square) Bitboard { return sqBB(s) }

// Rank1 is the first rank.
const Rank1 = rank1

// Lsb is the lowest square of a non-empty set.
func (b Bitboard) Lsb() Square { return b.lsb() }

// Pop removes and returns the lowest square of a non-empty set.
func (b *Bitboard) Pop() Square { return b.pop() }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b.has(s) }

// FileA is the a-file.
const FileA = fileA

// More reports whether the set holds more than one square.
func (b Bitboard) More() bool { return b.more() }
