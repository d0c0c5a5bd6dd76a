package uci

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/scan"
)

// parseInfo reads the fields after "info" into info. Unknown fields are
// skipped along with the arguments they are known to take, so one new field
// from a newer engine does not lose the rest of the line.
func parseInfo(sc *scan.Scanner, info *protocol.Info, lastString *string) error {
	for {
		key := sc.Next()
		if key == nil {
			return nil
		}
		var err error
		switch string(key) {
		case "depth":
			info.Depth, err = intField(sc, "depth")
			info.Sent |= protocol.FieldDepth
		case "seldepth":
			info.SelDepth, err = intField(sc, "seldepth")
			info.Sent |= protocol.FieldSelDepth
		case "multipv":
			info.MultiPV, err = intField(sc, "multipv")
		case "hashfull":
			info.HashFull, err = intField(sc, "hashfull")
			info.Sent |= protocol.FieldHashFull
		case "currmovenumber":
			info.CurrMoveNumber, err = intField(sc, "currmovenumber")
		case "nodes":
			info.Nodes, err = uintField(sc, "nodes")
			info.Sent |= protocol.FieldNodes
		case "nps":
			info.NPS, err = uintField(sc, "nps")
			info.Sent |= protocol.FieldNPS
		case "tbhits":
			info.TBHits, err = uintField(sc, "tbhits")
			info.Sent |= protocol.FieldTBHits
		case "time":
			// Kept as the engine says it, below 0 too: the runner reports a
			// time that cannot be so rather than lose the line. A figure past
			// what a Duration holds (292 years) is held at that limit.
			var ms int
			ms, err = intField(sc, "time")
			ms = min(max(ms, -maxTimeMillis), maxTimeMillis)
			info.Time = time.Duration(ms) * time.Millisecond
			info.Sent |= protocol.FieldTime
		case "score":
			err = parseScore(sc, &info.Score)
		case "currmove":
			tok := sc.Next()
			m, ok := parseMove(tok)
			if !ok {
				return &MoveError{Command: "info currmove", Token: string(tok)}
			}
			info.CurrMove = m
		case "pv":
			info.PV = appendMoves(sc, info.PV)
		case "string":
			if rest := sc.Rest(); string(rest) != *lastString {
				*lastString = string(rest)
			}
			info.String = *lastString
		case "wdl":
			skipN(sc, 3)
		case "cpuload", "sbhits":
			skipN(sc, 1)
		case "refutation":
			skipMoves(sc)
		case "currline":
			if _, ok := scan.Atou(sc.Peek()); ok { // optional cpu number
				sc.Next()
			}
			skipMoves(sc)
		}
		if err != nil {
			return err
		}
	}
}

// maxTimeMillis is the largest time in milliseconds a time.Duration holds.
const maxTimeMillis = int(math.MaxInt64 / time.Millisecond)

func intField(sc *scan.Scanner, name string) (int, error) {
	tok := sc.Next()
	n, ok := scan.Atoi(tok)
	if !ok {
		return 0, fmt.Errorf("info: bad %s %q", name, tok)
	}
	return n, nil
}

func uintField(sc *scan.Scanner, name string) (uint64, error) {
	tok := sc.Next()
	n, ok := scan.Atou(tok)
	if !ok {
		return 0, fmt.Errorf("info: bad %s %q", name, tok)
	}
	return n, nil
}

// parseScore reads "cp N" or "mate N" and the optional bound, in whatever
// order the engine sends them.
func parseScore(sc *scan.Scanner, s *protocol.Score) error {
	for {
		switch string(sc.Peek()) {
		case "cp", "mate":
			kind := sc.Next()
			tok := sc.Next()
			v, ok := scan.Atoi(tok)
			if !ok {
				return fmt.Errorf("info: bad score %s %q", kind, tok)
			}
			s.Value = v
			s.Kind = protocol.ScoreCP
			if kind[0] == 'm' {
				s.Kind = protocol.ScoreMate
			}
		case "lowerbound":
			sc.Next()
			s.Bound = protocol.BoundLower
		case "upperbound":
			sc.Next()
			s.Bound = protocol.BoundUpper
		default:
			if s.Kind == protocol.ScoreNone {
				return fmt.Errorf("info: score without cp or mate")
			}
			return nil
		}
	}
}

// appendMoves consumes move tokens up to the first token that is not a move,
// which is left for the caller as the next field name.
func appendMoves(sc *scan.Scanner, dst []protocol.Move) []protocol.Move {
	for {
		before := sc.I
		m, ok := parseMove(sc.Next())
		if !ok {
			sc.I = before
			return dst
		}
		dst = append(dst, m)
	}
}

// skipMoves consumes move tokens without keeping them.
func skipMoves(sc *scan.Scanner) {
	for {
		if _, ok := parseMove(sc.Peek()); !ok {
			return
		}
		sc.Next()
	}
}

// skipN skips up to n numeric arguments.
func skipN(sc *scan.Scanner, n int) {
	for ; n > 0; n-- {
		if _, ok := scan.Atoi(sc.Peek()); !ok {
			return
		}
		sc.Next()
	}
}

// AppendInfo appends an "info" line for the fields of info that are set
// (non-zero), in the order engines usually send them, and a newline.
func AppendInfo(dst []byte, info *protocol.Info) []byte {
	dst = append(dst, "info"...)
	if info.Depth != 0 {
		dst = appendInt(dst, " depth ", int64(info.Depth))
	}
	if info.SelDepth != 0 {
		dst = appendInt(dst, " seldepth ", int64(info.SelDepth))
	}
	if info.MultiPV != 0 {
		dst = appendInt(dst, " multipv ", int64(info.MultiPV))
	}
	switch info.Score.Kind {
	case protocol.ScoreCP:
		dst = appendInt(dst, " score cp ", int64(info.Score.Value))
	case protocol.ScoreMate:
		dst = appendInt(dst, " score mate ", int64(info.Score.Value))
	}
	if info.Score.Kind != protocol.ScoreNone {
		switch info.Score.Bound {
		case protocol.BoundLower:
			dst = append(dst, " lowerbound"...)
		case protocol.BoundUpper:
			dst = append(dst, " upperbound"...)
		}
	}
	if info.Nodes != 0 {
		dst = appendUint(dst, " nodes ", info.Nodes)
	}
	if info.NPS != 0 {
		dst = appendUint(dst, " nps ", info.NPS)
	}
	if info.HashFull != 0 {
		dst = appendInt(dst, " hashfull ", int64(info.HashFull))
	}
	if info.TBHits != 0 {
		dst = appendUint(dst, " tbhits ", info.TBHits)
	}
	if info.Time != 0 {
		dst = appendInt(dst, " time ", info.Time.Milliseconds())
	}
	if !info.CurrMove.IsZero() {
		dst = append(dst, " currmove "...)
		dst = info.CurrMove.AppendTo(dst)
	}
	if info.CurrMoveNumber != 0 {
		dst = appendInt(dst, " currmovenumber ", int64(info.CurrMoveNumber))
	}
	if len(info.PV) > 0 {
		dst = append(dst, " pv"...)
		for _, m := range info.PV {
			dst = append(dst, ' ')
			dst = m.AppendTo(dst)
		}
	}
	if info.String != "" {
		// "string" takes the rest of the line, so it must come last.
		dst = append(dst, " string "...)
		dst = append(dst, info.String...)
	}
	return append(dst, '\n')
}

func appendInt(dst []byte, key string, v int64) []byte {
	return strconv.AppendInt(append(dst, key...), v, 10)
}

func appendUint(dst []byte, key string, v uint64) []byte {
	return strconv.AppendUint(append(dst, key...), v, 10)
}
