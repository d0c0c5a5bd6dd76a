package runner

import (
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

// moveInfo is the part of an engine's last search info that the runner keeps
// per move (PGN comment, adjudication). It has no slices, so it can cross
// goroutines by value without sharing memory.
type moveInfo struct {
	Score    protocol.Score
	Depth    int
	SelDepth int
	Nodes    uint64
	NPS      uint64
	HashFull int // permille
	TBHits   uint64
	Time     time.Duration // the search time the engine reported
	// PV and Lines are filled only when the run asks for them (MoveFields.PV,
	// MatchLine); each move gets fresh ones, handed over, never shared.
	PV    string
	Lines []string
}

// fromInfo keeps the per-move figures of an info line.
func fromInfo(i *protocol.Info) moveInfo {
	return moveInfo{Score: i.Score, Depth: i.Depth, SelDepth: i.SelDepth, Nodes: i.Nodes,
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
	Info   moveInfo
	At     time.Time // when the line was read: the clock stops here
	Text   string    // see the kinds; for evMove, a SAN move that Move could not hold
	// N and Claim carry the rest of rarer messages: a pong's number, the
	// result an engine claims.
	N     int
	Claim Outcome
}
