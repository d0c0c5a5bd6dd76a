package xboard

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Level is a conventional or incremental time control as "level" sends it:
// Moves moves in Base (0 moves: the whole game), plus Inc per move.
type Level struct {
	Moves int
	Base  time.Duration
	Inc   time.Duration
}

// AppendLevel appends "level MOVES MIN[:SEC] INC" and a newline; the base
// is written in whole seconds, the increment in seconds with a fraction only
// when it has one ("level 40 5 0", "level 0 2:30 1.5").
func AppendLevel(dst []byte, l Level) []byte {
	dst = append(dst, "level "...)
	dst = strconv.AppendInt(dst, int64(max(l.Moves, 0)), 10)
	dst = append(dst, ' ')
	secs := int64(max(l.Base, 0) / time.Second)
	dst = strconv.AppendInt(dst, secs/60, 10)
	if secs%60 != 0 {
		dst = append(dst, ':')
		if secs%60 < 10 {
			dst = append(dst, '0')
		}
		dst = strconv.AppendInt(dst, secs%60, 10)
	}
	dst = append(dst, ' ')
	dst = appendSeconds(dst, max(l.Inc, 0))
	return append(dst, '\n')
}

// appendSeconds writes d in seconds, with a fraction only when it has one.
func appendSeconds(dst []byte, d time.Duration) []byte {
	if d%time.Second == 0 {
		return strconv.AppendInt(dst, int64(d/time.Second), 10)
	}
	return strconv.AppendFloat(dst, d.Seconds(), 'f', -1, 64)
}

// parseLevel reads the three arguments of "level".
func parseLevel(args []string) (Level, error) {
	var l Level
	if len(args) != 3 {
		return l, fmt.Errorf("level: want MOVES MIN[:SEC] INC, got %q", strings.Join(args, " "))
	}
	moves, err := strconv.Atoi(args[0])
	if err != nil || moves < 0 {
		return l, fmt.Errorf("level: bad moves %q", args[0])
	}
	l.Moves = moves
	minutes, seconds, hasSec := strings.Cut(args[1], ":")
	m, err := strconv.ParseFloat(minutes, 64)
	if err != nil || !(m >= 0 && m < 1e7) {
		return l, fmt.Errorf("level: bad base %q", args[1])
	}
	l.Base = time.Duration(m * float64(time.Minute))
	if hasSec {
		s, err := strconv.ParseFloat(seconds, 64)
		if err != nil || !(s >= 0 && s < 1e9) {
			return l, fmt.Errorf("level: bad base %q", args[1])
		}
		l.Base += time.Duration(s * float64(time.Second))
	}
	l.Base = l.Base.Round(time.Millisecond)
	if l.Inc, err = parseSeconds(args[2]); err != nil {
		return l, fmt.Errorf("level: bad increment %q", args[2])
	}
	return l, nil
}

func parseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f >= 0 && f < 1e9) { // also refuses NaN
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration(f * float64(time.Second)).Round(time.Millisecond), nil
}
