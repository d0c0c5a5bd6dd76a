// Package epdline writes and reads the EPD line of a training sample
// (autoplay match --sample format=epd): a position with its counters, the
// searching engine's score (ce, dm) and the game's result (c0), both from
// the side to move's view, and the move played (sm). It depends on nothing
// of runner/, so that the tuner in engine/tune reads the same lines package
// sample writes.
package epdline

import (
	"fmt"
	"strconv"
	"strings"
)

// Line is one sample's EPD line.
type Line struct {
	// FEN is the position, its last two fields the halfmove clock (hmvc)
	// and the move number (fmvn): 0 and 1 when a line read has neither.
	FEN      string
	Score    int  // ce, in centipawns
	HasScore bool // a line read holds ce
	Mate     int  // dm, in moves (positive: the side to move mates); 0 none
	Result   int  // c0: 1 the side to move won, 0 a draw, -1 it lost
	Move     string
}

// Append writes l as one EPD line, newline included. l.FEN holds all six
// fields of a FEN.
func Append(dst []byte, l Line) []byte {
	fields := strings.Fields(l.FEN)
	dst = fmt.Appendf(dst, "%s hmvc %s; fmvn %s; ce %d;", strings.Join(fields[:4], " "), fields[4], fields[5], l.Score)
	if l.Mate != 0 {
		dst = fmt.Appendf(dst, " dm %d;", l.Mate)
	}
	dst = fmt.Appendf(dst, " c0 \"%d\";", l.Result)
	if l.Move != "" {
		dst = fmt.Appendf(dst, " sm %s;", l.Move)
	}
	return append(dst, '\n')
}

// Parse reads one EPD line of a sample file. The result (c0) is required;
// the score (ce), the counters, dm and sm are not.
func Parse(line string) (Line, error) {
	var l Line
	f := strings.Fields(line)
	if len(f) < 4 {
		return l, fmt.Errorf("not an EPD line: %q", line)
	}
	ops := map[string]string{}
	for _, op := range strings.Split(strings.Join(f[4:], " "), ";") {
		if k, v, ok := strings.Cut(strings.TrimSpace(op), " "); ok {
			ops[k] = strings.Trim(v, `"`)
		}
	}
	c0, err := strconv.Atoi(ops["c0"])
	if err != nil || c0 < -1 || c0 > 1 {
		return l, fmt.Errorf("no result (c0 1, 0 or -1): %q", line)
	}
	l.Result = c0
	if v, err := strconv.Atoi(ops["ce"]); err == nil {
		l.Score, l.HasScore = v, true
	}
	hmvc, fmvn := ops["hmvc"], ops["fmvn"]
	if hmvc == "" {
		hmvc = "0"
	}
	if fmvn == "" {
		fmvn = "1"
	}
	l.FEN = strings.Join(f[:4], " ") + " " + hmvc + " " + fmvn
	if dm, ok := ops["dm"]; ok {
		l.Mate, _ = strconv.Atoi(dm)
	}
	l.Move = ops["sm"]
	return l, nil
}
