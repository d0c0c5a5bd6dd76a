package game

import (
	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/spec"
)

// BitboardRules serves the Rules interface with the built-in engine's
// bitboard board: legal moves, status and repetition without allocating per
// move. NotnilRules stays as the test oracle it is checked against.
type BitboardRules struct{}

// NewBoard implements Rules.
func (BitboardRules) NewBoard(fen string) (Board, error) {
	pos, err := chess.StartPosition(fen)
	if err != nil {
		return nil, err
	}
	return &bitboardBoard{pos: pos}, nil
}

// bitboardBoard adapts chess.Position, whose history already holds the
// Zobrist keys repetitions are counted by (the en-passant square is hashed
// only when a capture is legal, as FIDE counts it).
type bitboardBoard struct {
	pos *chess.Position
}

func (b *bitboardBoard) Turn() Color { return b.pos.SideToMove() }

func (b *bitboardBoard) Play(m protocol.Move) (protocol.Move, error) {
	mv, ok := b.pos.FromProtocol(m)
	if !ok {
		return protocol.Move{}, ErrIllegalMove
	}
	canon := b.pos.CanonicalMove(mv)
	b.pos.MakeMove(mv)
	return canon, nil
}

func (b *bitboardBoard) Legal(m protocol.Move) (protocol.Move, bool) {
	mv, ok := b.pos.FromProtocol(m)
	if !ok {
		return protocol.Move{}, false
	}
	return b.pos.CanonicalMove(mv), true
}

func (b *bitboardBoard) SAN(m protocol.Move) (string, error) {
	mv, ok := b.pos.FromProtocol(m)
	if !ok {
		return "", ErrIllegalMove
	}
	return b.pos.SAN(mv), nil
}

func (b *bitboardBoard) PlaySAN(m protocol.Move) (string, error) {
	var buf [8]byte
	san, _, ok := b.pos.PlaySAN(buf[:0], m)
	if !ok {
		return "", ErrIllegalMove
	}
	return string(san), nil
}

func (b *bitboardBoard) ParseSAN(san string) (protocol.Move, error) {
	mv, err := b.pos.ParseSAN(san)
	if err != nil {
		return protocol.Move{}, ErrIllegalMove
	}
	return b.pos.CanonicalMove(mv), nil
}

func (b *bitboardBoard) FEN() string { return b.pos.FEN() }

func (b *bitboardBoard) AppendFEN(dst []byte) []byte { return b.pos.AppendFEN(dst) }

func (b *bitboardBoard) AppendShredderFEN(dst []byte) []byte { return b.pos.AppendShredderFEN(dst) }

func (b *bitboardBoard) HalfmoveClock() int { return b.pos.HalfmoveClock() }

func (b *bitboardBoard) FullMoveNumber() int { return b.pos.FullmoveNumber() }

func (b *bitboardBoard) Status() Status { return b.pos.Status() }

func (b *bitboardBoard) Outcome() (Status, chess.Result) { return b.pos.Outcome() }

// NewVariantBoard sets up a game of variant v from fen ("" is v's start).
func NewVariantBoard(v spec.Variant, fen string) (Board, error) {
	if !v.IsVariant() {
		return rules.NewBoard(fen)
	}
	pos, err := v.StartPosition(fen)
	if err != nil {
		return nil, err
	}
	return &bitboardBoard{pos: pos}, nil
}

// Reserve implements Board.
func (b *bitboardBoard) Reserve(n int) { b.pos.Reserve(n) }
