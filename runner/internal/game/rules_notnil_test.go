package game

import (
	"fmt"

	"github.com/notnil/chess"

	core "github.com/autoplay/autoplay/engine/chess"

	"github.com/autoplay/autoplay/protocol"
)

// NotnilRules serves the Rules interface with github.com/notnil/chess at the
// Position level. Its Game type is avoided on purpose: it rebuilds board
// strings over the whole history on every move to find repetitions, and it
// compares en-passant squares even when no capture is possible.
type NotnilRules struct{}

// NewBoard implements Rules.
func (NotnilRules) NewBoard(fen string) (Board, error) {
	pos := chess.StartingPosition()
	if fen != "" {
		pos = &chess.Position{}
		if err := pos.UnmarshalText([]byte(fen)); err != nil {
			return nil, fmt.Errorf("bad FEN %q: %w", fen, err)
		}
	}
	b := &notnilBoard{keys: make([]uint64, 0, 128)}
	b.setPosition(pos)
	return b, nil
}

// notnilBoard keeps the current position, its legal moves, and the
// repetition keys of every position since the last irreversible move.
type notnilBoard struct {
	pos   *chess.Position
	legal []*chess.Move
	keys  []uint64
}

func (b *notnilBoard) setPosition(pos *chess.Position) {
	b.pos = pos
	b.legal = pos.ValidMoves()
	if pos.HalfMoveClock() == 0 {
		b.keys = b.keys[:0]
	}
	b.keys = append(b.keys, b.repetitionKey())
}

func (b *notnilBoard) Turn() Color {
	if b.pos.Turn() == chess.White {
		return White
	}
	return Black
}

func (b *notnilBoard) find(m protocol.Move) *chess.Move {
	if m.IsZero() || m.IsNull() {
		return nil
	}
	ff, fr := m.From()
	tf, tr := m.To()
	from := chess.Square(fr*8 + ff)
	to := chess.Square(tr*8 + tf)
	promo := chess.NoPieceType
	switch m.Promotion() {
	case 'q':
		promo = chess.Queen
	case 'r':
		promo = chess.Rook
	case 'b':
		promo = chess.Bishop
	case 'n':
		promo = chess.Knight
	}
	for _, lm := range b.legal {
		if lm.S1() == from && lm.S2() == to && lm.Promo() == promo {
			return lm
		}
	}
	return nil
}

func (b *notnilBoard) Play(m protocol.Move) (protocol.Move, error) {
	canon, ok := b.Legal(m)
	if !ok {
		return protocol.Move{}, ErrIllegalMove
	}
	b.setPosition(b.pos.Update(b.find(m)))
	return canon, nil
}

func (b *notnilBoard) Legal(m protocol.Move) (protocol.Move, bool) {
	lm := b.find(m)
	if lm == nil {
		return protocol.Move{}, false
	}
	canon := protocol.MustParseMove(lm.String())
	if lm.HasTag(chess.KingSideCastle) {
		canon = canon.Castling('h')
	} else if lm.HasTag(chess.QueenSideCastle) {
		canon = canon.Castling('a')
	}
	return canon, true
}

func (b *notnilBoard) SAN(m protocol.Move) (string, error) {
	lm := b.find(m)
	if lm == nil {
		return "", ErrIllegalMove
	}
	return chess.AlgebraicNotation{}.Encode(b.pos, lm), nil
}

func (b *notnilBoard) PlaySAN(m protocol.Move) (string, error) {
	san, err := b.SAN(m)
	if err == nil {
		_, err = b.Play(m)
	}
	return san, err
}

func (b *notnilBoard) ParseSAN(san string) (protocol.Move, error) {
	m, err := chess.AlgebraicNotation{}.Decode(b.pos, san)
	if err != nil {
		return protocol.Move{}, ErrIllegalMove
	}
	pm, ok := protocol.ParseMove([]byte(chess.UCINotation{}.Encode(b.pos, m)))
	if !ok || b.find(pm) == nil {
		return protocol.Move{}, ErrIllegalMove
	}
	return pm, nil
}

func (b *notnilBoard) FEN() string { return b.pos.String() }

func (b *notnilBoard) AppendFEN(dst []byte) []byte { return append(dst, b.pos.String()...) }

// AppendShredderFEN: notnil knows standard chess only, whose FEN is the same.
func (b *notnilBoard) AppendShredderFEN(dst []byte) []byte { return b.AppendFEN(dst) }

func (b *notnilBoard) HalfmoveClock() int { return b.pos.HalfMoveClock() }

func (b *notnilBoard) FullMoveNumber() int {
	var n int
	fmt.Sscan(lastField(b.pos.String()), &n)
	return n
}

func lastField(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == ' ' {
			return s[i+1:]
		}
	}
	return s
}

// Reserve implements Board: the oracle does not mind allocating.
func (b *notnilBoard) Reserve(int) {}

func (b *notnilBoard) Outcome() (Status, core.Result) { return b.Status(), core.NoResult }

func (b *notnilBoard) Status() Status {
	if len(b.legal) == 0 {
		if b.pos.Status() == chess.Checkmate {
			return Checkmate
		}
		return Stalemate
	}
	if !b.sufficientMaterial() {
		return InsufficientMaterial
	}
	if b.repetitions() >= 3 {
		return ThreefoldRepetition
	}
	if b.pos.HalfMoveClock() >= 100 {
		return FiftyMoves
	}
	return Ongoing
}

// repetitions counts how often the current position has stood on the board
// since the last irreversible move, this time included.
func (b *notnilBoard) repetitions() int {
	cur := b.keys[len(b.keys)-1]
	n := 0
	// Only positions with the same side to move can repeat: every other key.
	for i := len(b.keys) - 1; i >= 0; i -= 2 {
		if b.keys[i] == cur {
			n++
		}
	}
	return n
}

// repetitionKey identifies a position the way FIDE counts repetitions: the
// same pieces on the same squares, side to move, castling rights, and an
// en-passant square only when an en-passant capture is actually legal.
func (b *notnilBoard) repetitionKey() uint64 {
	board := b.pos.Board()
	var key uint64
	for sq := chess.A1; sq <= chess.H8; sq++ {
		if p := board.Piece(sq); p != chess.NoPiece {
			key ^= zobrist.pieces[int(p)-1][sq]
		}
	}
	if b.pos.Turn() == chess.Black {
		key ^= zobrist.blackToMove
	}
	cr := b.pos.CastleRights()
	for i, right := range [4]struct {
		c chess.Color
		s chess.Side
	}{{chess.White, chess.KingSide}, {chess.White, chess.QueenSide}, {chess.Black, chess.KingSide}, {chess.Black, chess.QueenSide}} {
		if cr.CanCastle(right.c, right.s) {
			key ^= zobrist.castling[i]
		}
	}
	for _, m := range b.legal {
		if m.HasTag(chess.EnPassant) {
			key ^= zobrist.enPassantFile[m.S2().File()]
			break
		}
	}
	return key
}

// sufficientMaterial is false when no sequence of legal moves can mate: bare
// kings, a single minor piece, or only bishops that all stand on one colour.
func (b *notnilBoard) sufficientMaterial() bool {
	board := b.pos.Board()
	minors := 0
	bishopColors := [2]int{}
	knights := 0
	for sq := chess.A1; sq <= chess.H8; sq++ {
		switch board.Piece(sq).Type() {
		case chess.NoPieceType, chess.King:
		case chess.Bishop:
			minors++
			bishopColors[(int(sq.File())+int(sq.Rank()))%2]++
		case chess.Knight:
			minors++
			knights++
		default:
			return true // a pawn, rook or queen can always mate
		}
	}
	if minors <= 1 {
		return false
	}
	if knights == 0 && (bishopColors[0] == 0 || bishopColors[1] == 0) {
		return false
	}
	return true
}
