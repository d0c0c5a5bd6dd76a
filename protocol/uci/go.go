package uci

import (
	"fmt"
	"strconv"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/scan"
)

// Go is what a "go" command asks of a search. Zero fields are not sent.
type Go struct {
	// Clock says the game is played on a clock: wtime, btime, winc and binc
	// are all sent even when zero (a side with no increment still sends
	// "winc 0", which some engines expect alongside the times). Without it
	// each is sent only when positive. ParseCommand sets it when any of the
	// four is present.
	Clock bool
	// NoClockW and NoClockB name a side that plays without a clock in a
	// game where the other has one (time odds against a fixed time per
	// move or a node limit): its time and increment are not sent at all.
	NoClockW, NoClockB bool
	WTime              time.Duration // negative (an overrun clock) is sent as 0
	BTime              time.Duration
	WInc               time.Duration
	BInc               time.Duration
	MovesToGo          int
	MoveTime           time.Duration
	Nodes              uint64
	Depth              int
	Mate               int
	Infinite           bool
	Ponder             bool
	SearchMoves        []protocol.Move
	// BlackFirst writes Black's time and increment before White's, an
	// order the UCI text allows (autoplay check sends both orders).
	BlackFirst bool
	// SideBySide writes White's time and increment, then Black's
	// ("wtime winc btime binc", as fastchess's compliance check sends it).
	SideBySide bool
}

// AppendGo appends the "go" command for g, with times in milliseconds, and a
// newline: "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5\n".
func AppendGo(dst []byte, g *Go) []byte {
	dst = append(dst, "go"...)
	if g.Ponder {
		dst = append(dst, " ponder"...)
	}
	if g.SideBySide && !g.BlackFirst {
		dst = appendClock(dst, " wtime ", g.WTime, g.Clock)
		dst = appendClock(dst, " winc ", g.WInc, g.Clock)
		dst = appendClock(dst, " btime ", g.BTime, g.Clock)
		dst = appendClock(dst, " binc ", g.BInc, g.Clock)
	} else if g.BlackFirst {
		if !g.NoClockB {
			dst = appendClock(dst, " btime ", g.BTime, g.Clock)
			dst = appendClock(dst, " binc ", g.BInc, g.Clock)
		}
		if !g.NoClockW {
			dst = appendClock(dst, " wtime ", g.WTime, g.Clock)
			dst = appendClock(dst, " winc ", g.WInc, g.Clock)
		}
	} else {
		if !g.NoClockW {
			dst = appendClock(dst, " wtime ", g.WTime, g.Clock)
		}
		if !g.NoClockB {
			dst = appendClock(dst, " btime ", g.BTime, g.Clock)
		}
		if !g.NoClockW {
			dst = appendClock(dst, " winc ", g.WInc, g.Clock)
		}
		if !g.NoClockB {
			dst = appendClock(dst, " binc ", g.BInc, g.Clock)
		}
	}
	if g.MovesToGo > 0 {
		dst = appendInt(dst, " movestogo ", int64(g.MovesToGo))
	}
	if g.Depth > 0 {
		dst = appendInt(dst, " depth ", int64(g.Depth))
	}
	if g.Nodes > 0 {
		dst = appendUint(dst, " nodes ", g.Nodes)
	}
	if g.Mate > 0 {
		dst = appendInt(dst, " mate ", int64(g.Mate))
	}
	if g.MoveTime > 0 {
		dst = appendInt(dst, " movetime ", g.MoveTime.Milliseconds())
	}
	if g.Infinite {
		dst = append(dst, " infinite"...)
	}
	if len(g.SearchMoves) > 0 {
		// searchmoves takes every move token after it, so it goes last.
		dst = append(dst, " searchmoves"...)
		for _, m := range g.SearchMoves {
			dst = append(dst, ' ')
			dst = m.AppendTo(dst)
		}
	}
	return append(dst, '\n')
}

func appendClock(dst []byte, key string, d time.Duration, always bool) []byte {
	if d <= 0 && !always {
		return dst
	}
	return strconv.AppendInt(append(dst, key...), max(d.Milliseconds(), 0), 10)
}

// parseGo reads the arguments of "go". Unknown tokens are skipped, as the
// UCI spec asks.
func parseGo(sc *scan.Scanner, g *Go) error {
	for {
		key := sc.Next()
		if key == nil {
			return nil
		}
		var err error
		switch string(key) {
		case "wtime":
			g.WTime, err = msArg(sc, key, true)
			g.Clock = true
		case "btime":
			g.BTime, err = msArg(sc, key, true)
			g.Clock = true
		case "winc":
			g.WInc, err = msArg(sc, key, true)
			g.Clock = true
		case "binc":
			g.BInc, err = msArg(sc, key, true)
			g.Clock = true
		case "movetime":
			g.MoveTime, err = msArg(sc, key, false)
		case "movestogo":
			g.MovesToGo, err = countArg(sc, key)
		case "depth":
			g.Depth, err = countArg(sc, key)
		case "mate":
			g.Mate, err = countArg(sc, key)
		case "nodes":
			tok := sc.Next()
			n, ok := scan.Atou(tok)
			if !ok {
				return fmt.Errorf("go: bad nodes %q", tok)
			}
			g.Nodes = n
		case "infinite":
			g.Infinite = true
		case "ponder":
			g.Ponder = true
		case "searchmoves":
			g.SearchMoves = appendMoves(sc, g.SearchMoves)
		}
		if err != nil {
			return err
		}
	}
}

// msArg reads a time in milliseconds. Clock times may be negative (some GUIs
// send an overrun clock as is); they read as 0.
func msArg(sc *scan.Scanner, key []byte, signed bool) (time.Duration, error) {
	tok := sc.Next()
	n, ok := scan.Atoi(tok)
	if !ok || (n < 0 && !signed) {
		return 0, fmt.Errorf("go: bad %s %q", key, tok)
	}
	return time.Duration(max(n, 0)) * time.Millisecond, nil
}

func countArg(sc *scan.Scanner, key []byte) (int, error) {
	tok := sc.Next()
	n, ok := scan.Atoi(tok)
	if !ok || n < 0 {
		return 0, fmt.Errorf("go: bad %s %q", key, tok)
	}
	return n, nil
}
