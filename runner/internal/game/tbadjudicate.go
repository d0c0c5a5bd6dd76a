package game

import (
	"errors"
	"fmt"
	"sync"

	"github.com/autoplay/autoplay/engine/syzygy"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// Tablebase adjudicates games by Syzygy tables: once a position whose
// fifty-move counter is fresh (the start, or after a capture or pawn move)
// is in the tables, the game ends with the tables' result; a cursed win or
// a blessed loss is a draw.
type Tablebase struct {
	tables *syzygy.Tables
	pieces int    // adjudicate positions of at most this many pieces
	mode   string // TBBoth, TBWin or TBDraw
	// afterMove: the start position is not looked up (spec.Adjudication.TBAfterMove).
	afterMove bool
	warn      func(string)

	mu     sync.Mutex
	warned map[string]bool // each unreadable table is reported once
}

// OpenTablebase opens the tables of a run's adjudication, or returns nil when it
// has none; errors come before any game.
func OpenTablebase(c *spec.Adjudication, warn func(string)) (*Tablebase, error) {
	if c.TB == "" {
		return nil, nil
	}
	t, err := syzygy.Open(c.TB)
	if err != nil {
		return nil, fmt.Errorf("tb %s: %w", c.TB, err)
	}
	tb := &Tablebase{tables: t, pieces: t.MaxPieces(), mode: c.TBMode(), afterMove: c.TBAfterMove, warn: warn, warned: map[string]bool{}}
	if c.TBPieces > 0 {
		tb.pieces = min(c.TBPieces, t.MaxPieces())
	}
	return tb, nil
}

// adjudicate looks up every position of a game before its side to move is
// asked, the start included as fastchess does (moves, the moves played
// from the start, is 0 there; cutechess-cli looks up none before a move):
// one whose half-move clock
// is 0 (a fresh fifty-move count, so the tables' result stands), with no
// castling rights and no more pieces than the tables hold. A position the
// tables cannot answer (a missing or corrupt file) is played on.
func (tb *Tablebase) adjudicate(b Board, moves int) (record.End, bool) {
	if tb.afterMove && moves == 0 {
		return record.End{}, false
	}
	// cutechess-cli's first look-up is after the first move, whatever it
	// was: a start in the tables is judged there, one ply on the clock.
	fresh := b.HalfmoveClock() == 0 || tb.afterMove && moves == 1
	bb, ok := b.(*bitboardBoard)
	if !ok || !fresh || bb.pos.HasCastlingRights() {
		return record.End{}, false
	}
	if bb.pos.Occupied().Count() > tb.pieces {
		return record.End{}, false
	}
	wdl, err := tb.tables.ProbeWDL(bb.pos)
	if err != nil {
		if !errors.Is(err, syzygy.ErrNotInTables) {
			tb.warnOnce(err)
		}
		return record.End{}, false
	}
	toMove := b.Turn()
	switch {
	case wdl == syzygy.Win && tb.mode != spec.TBDraw:
		return tbWin(toMove), true
	case wdl == syzygy.Loss && tb.mode != spec.TBDraw:
		return tbWin(toMove.Other()), true
	case wdl != syzygy.Win && wdl != syzygy.Loss && tb.mode != spec.TBWin:
		return record.AdjudicatedDraw("SyzygyTB"), true
	}
	return record.End{}, false
}

// warnOnce reports a table that cannot be read, once per message: games
// in its positions are played on, not adjudicated.
func (tb *Tablebase) warnOnce(err error) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if msg := err.Error(); !tb.warned[msg] && tb.warn != nil {
		tb.warned[msg] = true
		tb.warn("tablebase: " + msg + "; such positions are played on")
	}
}

func tbWin(c Color) record.End { return record.AdjudicatedWin(c, "SyzygyTB") }

// Close releases the tables.
func (tb *Tablebase) Close() { tb.tables.Close() }
