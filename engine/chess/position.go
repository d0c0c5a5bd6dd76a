package chess

// Castling right bits, also indexes into Position.castleRook.
const (
	whiteOO  = 1
	whiteOOO = 2
	blackOO  = 4
	blackOOO = 8
)

// Position is a chess position with its game history, ready for move
// generation and make/unmake. Use ParseFEN or NewPosition to build one.
type Position struct {
	board   [64]Piece
	byType  [7]Bitboard // index PieceType; 0 is all pieces
	byColor [2]Bitboard
	side    Color
	castle  uint8
	ep      Square // set only when an en-passant capture is legal
	rule50  int
	ply     int // plies since the FEN was set
	move0   int // fullmove number of the FEN
	start   Color
	hash    uint64

	chess960   bool
	castleRook [4]Square // rook square for each right (index = bit number)
	castleKeep [64]uint8 // rights kept when a move touches the square
	castlePath [4]Bitboard
	kingPath   [4]Bitboard

	hist []undo

	// Variant state; all zero in standard chess (variant_state.go).
	variant    Variant
	pocket     [2][7]uint8 // crazyhouse: pieces in hand, by type
	promoted   Bitboard    // crazyhouse: pieces that were pawns
	checksLeft [2]uint8    // n-check: checks each side still has to give
	vhist      []variantUndo
}

type undo struct {
	move     Move
	captured Piece
	castle   uint8
	ep       Square
	rule50   int
	hash     uint64
}

// StartFEN is the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// NewPosition returns the standard starting position.
func NewPosition() *Position {
	p, err := ParseFEN(StartFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// Clone returns an independent copy of p, history included.
func (p *Position) Clone() *Position {
	q := *p
	q.hist = append(make([]undo, 0, cap(p.hist)), p.hist...)
	if p.vhist != nil {
		q.vhist = append(make([]variantUndo, 0, cap(p.vhist)), p.vhist...)
	}
	return &q
}

// SideToMove returns the side to move.
func (p *Position) SideToMove() Color { return p.side }

// PieceAt returns the piece on s, or NoPiece.
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Hash returns the Zobrist hash of the position (pieces, side, castling
// rights, and the en-passant file only when the capture is legal), which is
// also the repetition key.
func (p *Position) Hash() uint64 { return p.hash }

// Chess960 reports whether castling moves are written king-takes-rook and
// FEN castling fields may use file letters.
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 switches Chess960 notation on or off. Castling rules are the
// same code either way; only UCI move text and FEN output change.
func (p *Position) SetChess960(on bool) { p.chess960 = on }

// HasCastlingRights reports whether either side may still castle (endgame
// tables do not hold such positions).
func (p *Position) HasCastlingRights() bool { return p.castle != 0 }

// HalfmoveClock returns the plies since the last capture or pawn move.
func (p *Position) HalfmoveClock() int { return p.rule50 }

// FullmoveNumber returns the FEN move number.
func (p *Position) FullmoveNumber() int { return p.move0 + (p.ply+int(p.start))/2 }

// EnPassant returns the en-passant target square when an en-passant capture
// is legal, else NoSquare.
func (p *Position) EnPassant() Square { return p.ep }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	if p.variant != Standard {
		return p.royalAttacked(p.side)
	}
	return p.attackersTo(p.kingSq(p.side), p.occ())&p.byColor[p.side.Other()] != 0
}

// Ply returns the number of moves made since the FEN was set.
func (p *Position) Ply() int { return len(p.hist) }

// LastMove returns the last move made, or NoMove.
func (p *Position) LastMove() Move {
	if len(p.hist) == 0 {
		return NoMove
	}
	return p.hist[len(p.hist)-1].move
}

func (p *Position) occ() Bitboard { return p.byType[0] }

func (p *Position) pieces(c Color, t PieceType) Bitboard { return p.byColor[c] & p.byType[t] }

func (p *Position) kingSq(c Color) Square { return p.pieces(c, King).lsb() }

func (p *Position) put(pc Piece, s Square) {
	b := sqBB(s)
	p.board[s] = pc
	p.byType[0] |= b
	p.byType[pc.Type()] |= b
	p.byColor[pc.Color()] |= b
	p.hash ^= zPiece[pc][s]
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	b := sqBB(s)
	p.board[s] = NoPiece
	p.byType[0] &^= b
	p.byType[pc.Type()] &^= b
	p.byColor[pc.Color()] &^= b
	p.hash ^= zPiece[pc][s]
}

// attackersTo returns the pieces of both colors that attack s given occ.
func (p *Position) attackersTo(s Square, occ Bitboard) Bitboard {
	return pawnAttacks[Black][s]&p.pieces(White, Pawn) |
		pawnAttacks[White][s]&p.pieces(Black, Pawn) |
		knightAttacks[s]&p.byType[Knight] |
		kingAttacks[s]&p.byType[King] |
		bishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen]) |
		rookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])
}

// attacked reports whether color by attacks s with occupancy occ.
func (p *Position) attacked(s Square, by Color, occ Bitboard) bool {
	them := p.byColor[by]
	return pawnAttacks[by.Other()][s]&p.byType[Pawn]&them != 0 ||
		knightAttacks[s]&p.byType[Knight]&them != 0 ||
		kingAttacks[s]&p.byType[King]&them != 0 ||
		bishopAttacks(s, occ)&(p.byType[Bishop]|p.byType[Queen])&them != 0 ||
		rookAttacks(s, occ)&(p.byType[Rook]|p.byType[Queen])&them != 0
}

// record pushes what unmaking m needs. The history is made at the first
// move, room for a long game at once, so that moves do not allocate.
func (p *Position) record(m Move) *undo {
	if cap(p.hist) == 0 {
		p.hist = make([]undo, 0, 256)
	}
	p.hist = append(p.hist, undo{move: m, castle: p.castle, ep: p.ep, rule50: p.rule50, hash: p.hash})
	return &p.hist[len(p.hist)-1]
}

// Reserve makes room in the history for n more moves, so that the next n
// MakeMoves do not allocate. A game's runner grows the history this way
// while an engine thinks, a little at a time, rather than holding a long
// game's worth for every game from its first move.
func (p *Position) Reserve(n int) {
	if need := len(p.hist) + n; need > cap(p.hist) {
		p.hist = append(make([]undo, 0, need), p.hist...)
	}
	if p.variant != Standard {
		if need := len(p.vhist) + n; need > cap(p.vhist) {
			p.vhist = append(make([]variantUndo, 0, need), p.vhist...)
		}
	}
}

// MakeMove plays a legal move m (from GenerateLegal or a Parse function).
// It does not allocate once the history has grown to the game's length.
func (p *Position) MakeMove(m Move) {
	if p.variant != Standard {
		p.makeVariantMove(m)
		return
	}
	u := p.record(m)
	us, them := p.side, p.side.Other()
	from, to := m.From(), m.To()
	if p.ep != NoSquare {
		p.hash ^= zEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.rule50++
	switch m & kindMask {
	case kindCastle:
		kTo, rTo := m.castleSquares()
		p.remove(from)
		p.remove(to)
		p.put(MakePiece(us, King), kTo)
		p.put(MakePiece(us, Rook), rTo)
	case kindEnPassant:
		cap := to ^ 8
		u.captured = p.board[cap]
		p.remove(cap)
		p.remove(from)
		p.put(MakePiece(us, Pawn), to)
		p.rule50 = 0
	default:
		pc := p.board[from]
		if c := p.board[to]; c != NoPiece {
			u.captured = c
			p.remove(to)
			p.rule50 = 0
		}
		p.remove(from)
		if pt := m.Promotion(); pt != NoPieceType {
			pc = MakePiece(us, pt)
			p.rule50 = 0 // a pawn move, though a queen lands
		}
		p.put(pc, to)
		if pc.Type() == Pawn {
			p.rule50 = 0
			if to^from == 16 {
				ep := (from + to) / 2
				if pawnAttacks[us][ep]&p.pieces(them, Pawn) != 0 {
					p.side = them
					if p.epLegal(ep) {
						p.ep = ep
						p.hash ^= zEP[ep.File()]
					}
					p.side = us
				}
			}
		}
	}
	if nc := p.castle & p.castleKeep[from] & p.castleKeep[to]; nc != p.castle {
		p.hash ^= zCastle[p.castle] ^ zCastle[nc]
		p.castle = nc
	}
	p.side = them
	p.hash ^= zSide
	p.ply++
}

// UnmakeMove takes back the last move made.
func (p *Position) UnmakeMove() {
	if p.variant != Standard {
		p.unmakeVariantMove()
		return
	}
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.side = p.side.Other()
	us := p.side
	m := u.move
	from, to := m.From(), m.To()
	switch m & kindMask {
	case kindCastle:
		kTo, rTo := m.castleSquares()
		p.remove(kTo)
		p.remove(rTo)
		p.put(MakePiece(us, King), from)
		p.put(MakePiece(us, Rook), to)
	case kindEnPassant:
		p.remove(to)
		p.put(MakePiece(us, Pawn), from)
		p.put(u.captured, to^8)
	default:
		pc := p.board[to]
		p.remove(to)
		if m.Promotion() != NoPieceType {
			pc = MakePiece(us, Pawn)
		}
		p.put(pc, from)
		if u.captured != NoPiece {
			p.put(u.captured, to)
		}
	}
	p.castle, p.ep, p.rule50, p.hash = u.castle, u.ep, u.rule50, u.hash
	p.ply--
}

// MakeNullMove passes the turn (for null-move pruning); undo it with
// UnmakeNullMove.
func (p *Position) MakeNullMove() {
	p.record(NoMove)
	if p.ep != NoSquare {
		p.hash ^= zEP[p.ep.File()]
		p.ep = NoSquare
	}
	p.rule50++
	p.side = p.side.Other()
	p.hash ^= zSide
	p.ply++
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove() {
	u := p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
	p.side = p.side.Other()
	p.ep, p.rule50, p.hash = u.ep, u.rule50, u.hash
	p.ply--
}

// epLegal reports whether the side to move has a legal en-passant capture
// onto ep.
func (p *Position) epLegal(ep Square) bool {
	for b := pawnAttacks[p.side.Other()][ep] & p.pieces(p.side, Pawn); b != 0; {
		if p.epMoveLegal(b.pop(), ep) {
			return true
		}
	}
	return false
}
