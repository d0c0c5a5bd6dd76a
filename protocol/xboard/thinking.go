package xboard

import (
	"strconv"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/scan"
)

// Mate score encodings seen in thinking output. The protocol asks for
// 100000+N ("mate in N moves") and -100000-N; Fairy-Max sends exactly that.
// GNU Chess sends 10000 minus the plies to mate (+9999 for mate in one,
// -9998 when mated in one), and engines built on a 32000 or 32768 mate value
// send that minus the plies.
const (
	MateScore = 100000 // the protocol's base: 100000+N is mate in N moves

	plyMateWindow = 100 // a plies-to-mate encoding counts down at most this far
)

// plyMateBases are the values engines count plies to mate down from.
var plyMateBases = [...]int{10000, 32000, 32768}

// DecodeScore turns a thinking-output score into a protocol.Score,
// recognising the mate encodings above; anything else is centipawns. A
// centipawn score within 100 of 10000, 32000 or 32768 would read as a mate,
// which no real evaluation reaches.
func DecodeScore(v int) protocol.Score {
	a, sign := v, 1
	if v < 0 {
		a, sign = -v, -1
	}
	if a >= MateScore {
		return protocol.Score{Kind: protocol.ScoreMate, Value: sign * (a - MateScore)}
	}
	for _, base := range plyMateBases {
		if a <= base && a > base-plyMateWindow {
			plies := base - a
			return protocol.Score{Kind: protocol.ScoreMate, Value: sign * ((plies + 1) / 2)}
		}
	}
	return protocol.Score{Kind: protocol.ScoreCP, Value: v}
}

// EncodeScore is DecodeScore's inverse for the protocol's own convention:
// centipawns as they are, mate in N as 100000+N, mated in N as -100000-N.
func EncodeScore(s protocol.Score) int {
	if s.Kind != protocol.ScoreMate {
		return s.Value
	}
	if s.Value < 0 {
		return -MateScore + s.Value
	}
	if s.Value == 0 {
		return -MateScore // mate 0 is the side to move already mated
	}
	return MateScore + s.Value
}

// parseThinking reads "ply score time nodes [seldepth [nps] tbhits\t] pv"
// with time in centiseconds. It reports false, consuming nothing, when the
// line does not start with four integers. The returned PV text aliases the
// scanner's line.
func parseThinking(sc *scan.Scanner, info *protocol.Info) ([]byte, bool) {
	start := sc.I
	ply, ok1 := scan.Atou(sc.Next())
	score, ok2 := scan.Atoi(sc.Next())
	// A time below 0 is kept as the engine says it, for the runner to
	// report: dropped, it took the line's score and depth with it.
	cs, ok3 := scan.Atoi(sc.Next())
	nodes, ok4 := scan.Atou(sc.Next())
	if !ok1 || !ok2 || !ok3 || !ok4 || ply > 1<<20 || cs > 1<<40 || cs < -1<<40 {
		sc.I = start
		return nil, false
	}
	info.Depth = int(ply)
	info.Score = DecodeScore(score)
	info.Time = time.Duration(cs) * 10 * time.Millisecond
	info.Nodes = nodes
	info.Sent |= protocol.FieldDepth | protocol.FieldTime | protocol.FieldNodes

	// The optional integers between nodes and the PV count only when a tab
	// ends them (the protocol's rule); the last is tbhits, then the first
	// is seldepth and the second speed.
	var extras [4]uint64
	n, atTab, tab := 0, 0, -1
	s, i := sc.S, sc.I
	for {
		for i < len(s) && scan.IsSpace(s[i]) {
			if s[i] == '\t' {
				tab, atTab = i, n
			}
			i++
		}
		j := i
		for j < len(s) && !scan.IsSpace(s[j]) {
			j++
		}
		u, ok := scan.Atou(s[i:j])
		if !ok {
			break
		}
		if n < len(extras) {
			extras[n] = u
		}
		n++
		i = j
	}
	if tab >= 0 {
		sc.I = tab + 1
		k := min(atTab, len(extras))
		if k >= 1 {
			info.TBHits = extras[k-1]
			info.Sent |= protocol.FieldTBHits
		}
		if k >= 2 {
			info.SelDepth = int(min(extras[0], 1<<20))
			info.Sent |= protocol.FieldSelDepth
		}
		if k >= 3 {
			info.NPS = extras[1]
			info.Sent |= protocol.FieldNPS
		}
	}
	pv := sc.Rest()
	pvs := scan.Scanner{S: pv}
	for {
		m, ok := protocol.ParseMove(pvs.Next())
		if !ok {
			break
		}
		info.PV = append(info.PV, m)
	}
	return pv, true
}

// AppendThinking appends a thinking-output line for info: "ply score time
// nodes pv" with time in centiseconds and mates as EncodeScore writes them.
// When SelDepth, NPS or TBHits is set, all three follow nodes and a tab
// comes before the PV, as the protocol asks.
func AppendThinking(dst []byte, info *protocol.Info) []byte {
	dst = strconv.AppendInt(dst, int64(info.Depth), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(EncodeScore(info.Score)), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(info.Time/(10*time.Millisecond)), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendUint(dst, info.Nodes, 10)
	sep := byte(' ')
	if info.SelDepth != 0 || info.NPS != 0 || info.TBHits != 0 {
		dst = append(dst, ' ')
		dst = strconv.AppendInt(dst, int64(info.SelDepth), 10)
		dst = append(dst, ' ')
		dst = strconv.AppendUint(dst, info.NPS, 10)
		dst = append(dst, ' ')
		dst = strconv.AppendUint(dst, info.TBHits, 10)
		sep = '\t'
	}
	for i, m := range info.PV {
		if i == 0 {
			dst = append(dst, sep)
		} else {
			dst = append(dst, ' ')
		}
		dst = m.AppendTo(dst)
	}
	if len(info.PV) == 0 && sep == '\t' {
		dst = append(dst, sep)
	}
	return append(dst, '\n')
}
