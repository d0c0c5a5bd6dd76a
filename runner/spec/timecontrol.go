package spec

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is how much an engine may think: a chess clock (moves per
// period, time per period, increment), a fixed time per move, and/or node and
// depth limits. The zero value means no limit at all.
type TimeControl struct {
	Moves    int           // moves per period; 0 = the whole game is one period
	Base     time.Duration // time per period
	Inc      time.Duration // added after each move
	MoveTime time.Duration // fixed time per move ("st")
	Nodes    uint64        // node limit per move
	Depth    int           // depth limit per move
}

// ParseTimeControl reads cutechess-style clocks: "40/60+0.6" (40 moves in 60 s,
// 0.6 s increment, repeating), "10+0.1", "60" (sudden death), "1:30+1"
// (minutes:seconds), "inf" (no clock).
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	if s == "inf" || s == "infinite" {
		return tc, nil
	}
	rest := s
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n <= 0 {
			return tc, fmt.Errorf("time control %q: moves per period %q is not a positive whole number", s, moves)
		}
		tc.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if tc.Base, err = parseClockTime(base); err != nil || tc.Base <= 0 {
		return TimeControl{}, fmt.Errorf("time control %q: base time %q is not a positive number of seconds (or M:SS)", s, base)
	}
	if hasInc {
		if tc.Inc, err = ParseSeconds(inc); err != nil || tc.Inc < 0 {
			return TimeControl{}, fmt.Errorf("time control %q: increment %q is not a number of seconds", s, inc)
		}
	}
	return tc, nil
}

// parseClockTime reads seconds ("60", "0.5") or minutes:seconds ("1:30").
func parseClockTime(s string) (time.Duration, error) {
	if min, sec, ok := strings.Cut(s, ":"); ok {
		m, err := strconv.Atoi(min)
		if err != nil || m < 0 {
			return 0, fmt.Errorf("bad minutes %q", min)
		}
		d, err := ParseSeconds(sec)
		if err != nil {
			return 0, err
		}
		return time.Duration(m)*time.Minute + d, nil
	}
	return ParseSeconds(s)
}

// ParseSeconds reads a decimal number of seconds, rounded to the millisecond.
func ParseSeconds(s string) (time.Duration, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1e9 {
		return 0, fmt.Errorf("bad seconds %q", s)
	}
	return time.Duration(f*1000+0.5) * time.Millisecond, nil
}

// HasClock reports whether the engine plays on a chess clock.
func (tc TimeControl) HasClock() bool { return tc.Base > 0 }

// HasLimit reports whether anything ends the engine's search: a clock, a
// time per move, a node or a depth limit.
func (tc TimeControl) HasLimit() bool {
	return tc.HasClock() || tc.MoveTime > 0 || tc.Nodes > 0 || tc.Depth > 0
}

// String gives the PGN TimeControl tag value: "40/60+0.6", "10+0.1", "60",
// "0.5/move" for a fixed time per move, "-" when nothing limits time.
func (tc TimeControl) String() string {
	switch {
	case tc.HasClock():
		s := formatSeconds(tc.Base)
		if tc.Moves > 0 {
			s = strconv.Itoa(tc.Moves) + "/" + s
		}
		if tc.Inc > 0 {
			s += "+" + formatSeconds(tc.Inc)
		}
		return s
	case tc.MoveTime > 0:
		return formatSeconds(tc.MoveTime) + "/move"
	default:
		return "-"
	}
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}
