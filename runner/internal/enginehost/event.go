package runner

import (
	"github.com/autoplay/autoplay/runner/record"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// eventKind is what an engine said that the game loop cares about.
type eventKind uint8

const (
	evMove      eventKind = iota + 1 // a move (bestmove / move)
	evBadMove                        // a move that is not even shaped like one; Text holds it
	evReady                          // readyok / pong: the engine is in sync
	evHandshake                      // uciok / feature done=1
	evID                             // the engine's name; Text holds it
	evOption                         // an option the engine declares; Text holds its name
	evExit                           // stdout closed: the engine disconnected
	evFeature                        // XBoard feature line(s); Text holds the line for the handshake to parse
	evClaim                          // a result claim; Claim and Text (the comment)
	evResign                         // the engine resigns
	evRejected                       // the engine calls a move it was sent illegal; Text holds it
)

// fromInfo keeps the per-move figures of an info line.
func fromInfo(i *protocol.Info) record.MoveInfo {
	return record.MoveInfo{Score: i.Score, Depth: i.Depth, SelDepth: i.SelDepth, Nodes: i.Nodes,
		NPS: i.NPS, HashFull: i.HashFull, TBHits: i.TBHits, Time: i.Time}
}

// Event is one message from an engine's reader goroutine to its game loop.
// It is a plain value so that sending it on a channel does not allocate.
type Event struct {
	Kind eventKind
	Move protocol.Move
	// Ponder is the reply the engine expects to its move (UCI "bestmove X
	// ponder Y", else the second move of its PV): what it may ponder on.
	Ponder protocol.Move
	Info   record.MoveInfo
	At     time.Time // when the line was read: the clock stops here
	Text   string    // see the kinds; for evMove, a SAN move that Move could not hold
	// N and Claim carry the rest of rarer messages: a pong's number, the
	// result an engine claims.
	N     int
	Claim record.Outcome
}
