package enginehost

import (
	"math"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/protocol/xboard"
	"github.com/autoplay/autoplay/runner/record"
)

// Kind is what an engine said that the game loop cares about.
type Kind uint8

// Event kinds.
const (
	KindMove      Kind = iota + 1 // a move (bestmove / move); read it with Engine.MoveOf
	KindBadMove                   // a move that is not even shaped like one; Text holds it
	KindReady                     // readyok / pong: the engine is in sync
	KindHandshake                 // uciok
	KindID                        // the engine's name; Text holds it
	KindAuthor                    // the engine's author (UCI "id author"); Text holds it
	KindOption                    // an option the engine declares; Text holds its name, N its default if a number (else -1), Option all of it
	KindExit                      // stdout closed: the engine disconnected
	KindFeature                   // XBoard feature line; Features holds its pairs
	KindClaim                     // a result claim; Claim and Text (the comment)
	KindResign                    // the engine resigns
	KindRejected                  // the engine calls a move it was sent illegal; Text holds it
	KindForeign                   // before uciok, a line UCI does not define; Text holds it, N its uci.Misfit
	KindRawLine                   // a raw session's line (Raw); Text holds it
)

// fromInfo keeps the per-move figures of an info line.
func fromInfo(i *protocol.Info) record.MoveInfo {
	return record.MoveInfo{Sent: i.Sent, Score: i.Score, Depth: small(i.Depth), SelDepth: small(i.SelDepth), Nodes: i.Nodes,
		NPS: i.NPS, HashFull: small(i.HashFull), TBHits: i.TBHits, Time: i.Time}
}

// small narrows a depth or hashfull an engine reported to the record's
// int32; no engine searches 2^31 plies deep, but one that says so is
// recorded at the limit rather than as a negative depth.
func small(n int) int32 {
	return int32(min(max(n, math.MinInt32), math.MaxInt32))
}

// Event is one message from an engine's reader goroutine to its game loop.
// It is a plain value so that sending it on a channel does not allocate.
type Event struct {
	Kind Kind
	Move protocol.Move
	// Ponder is the reply the engine expects to its move (UCI "bestmove X
	// ponder Y", else the second move of its PV): what it may ponder on.
	Ponder protocol.Move
	Info   record.MoveInfo
	At     time.Time // when the line was read: the clock stops here
	Text   string    // see the kinds; for KindMove, a SAN move that Move could not hold
	// N and Claim carry the rest of rarer messages: a pong's number, the
	// result an engine claims.
	N     int
	Claim record.Outcome
	// Features are a feature line's pairs, parsed once by the decoder and
	// handed over (the handshake only: never on a move's path).
	Features []xboard.Feature
	// Option is a UCI option line's declaration, its own copy (the
	// handshake only).
	Option *uci.OptionDecl
}
