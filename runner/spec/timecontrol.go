package spec

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// MaxPeriods bounds the periods of one time control (FIDE's classical
// control has three).
const MaxPeriods = 8

// Period is one stage of a chess clock: Moves moves in Base time, Inc
// added after each of them. A period without Moves lasts to the game's end.
type Period struct {
	Moves int
	Base  time.Duration
	Inc   time.Duration
}

// TimeControl is how much an engine may think: a chess clock (moves per
// period, time per period, increment; more periods after the first, a
// delay, or an hourglass), a fixed time per move, and/or node and depth
// limits. The zero value means no limit at all. It stays comparable (==):
// the later periods are an array, not a slice.
type TimeControl struct {
	Moves    int           // moves per period; 0 = the whole game is one period
	Base     time.Duration // time per period
	Inc      time.Duration // added after each move
	MoveTime time.Duration // fixed time per move ("st")
	Nodes    uint64        // node limit per move
	Depth    int           // depth limit per move

	// Later are the periods after the first (Moves, Base, Inc), in order,
	// the unused ones zero. The last period played repeats when it has
	// Moves; one without Moves is sudden death and must be the last.
	Later [MaxPeriods - 1]Period
	// Hourglass: the time the mover spends goes to the opponent's clock
	// (both sides must play it).
	Hourglass bool
	// Delay is free time at the start of every move: a simple (US) delay
	// (the clock waits Delay before it runs), or with Bronstein the time
	// used, up to Delay, given back after the move.
	Delay     time.Duration
	Bronstein bool
}

// Periods is how many periods the clock has (1 without later ones; 0
// without a clock).
func (tc TimeControl) Periods() int {
	if !tc.HasClock() {
		return 0
	}
	n := 1
	for n-1 < len(tc.Later) && tc.Later[n-1].Base > 0 {
		n++
	}
	return n
}

// Period is the i-th period (0-based) as written; see Periods.
func (tc TimeControl) Period(i int) Period {
	if i == 0 {
		return Period{Moves: tc.Moves, Base: tc.Base, Inc: tc.Inc}
	}
	return tc.Later[i-1]
}

// ParseTimeControl reads autoplay's clocks: one period or several separated
// by ":", each "moves/seconds+increment": "40/60+0.6" (40 moves in 60 s,
// 0.6 s increment, repeating), "10+0.1", "60" (sudden death),
// "40/5400+30:1800+30", "40/7200:20/3600:900+30", "inf" (no clock). One
// colon between whole minutes and two-digit seconds (00-59) is the M:SS of
// a single period, as cutechess-cli and fastchess read it: "1:30+1" and
// "40/1:30+1" are 90 s. A period of under a minute after "40/120" is
// written with the first period's increment: "40/120+0:30". "*60" is the
// PGN standard's hourglass (sandclock) of 60 s, as String writes it.
func ParseTimeControl(s string) (TimeControl, error) {
	if s == "inf" || s == "infinite" {
		return TimeControl{}, nil
	}
	if isMinSec(s) {
		return ParseOnePeriod(s)
	}
	return ParseTag(s)
}

// ParseTag reads a PGN TimeControl tag as String writes it: the standard's
// form, periods in seconds joined by ":" (no M:SS), "*60" an hourglass.
func ParseTag(s string) (TimeControl, error) {
	if s == "inf" || s == "infinite" {
		return TimeControl{}, nil
	}
	if sand, ok := strings.CutPrefix(s, "*"); ok {
		d, err := ParseSeconds(sand)
		if err != nil || d <= 0 {
			return TimeControl{}, fmt.Errorf("time control %q: an hourglass's time %q is not a positive number of seconds", s, sand)
		}
		return TimeControl{Base: d, Hourglass: true}, nil
	}
	if n := strings.Count(s, ":") + 1; n > MaxPeriods { // counted before any split: a long text costs nothing
		return TimeControl{}, fmt.Errorf("time control %.40q: %d periods, at most %d", s, n, MaxPeriods)
	}
	parts := strings.Split(s, ":")
	var tc TimeControl
	for i, part := range parts {
		p, err := parsePeriod(s, part, false)
		if err != nil {
			return TimeControl{}, err
		}
		if p.Moves == 0 && i < len(parts)-1 {
			return TimeControl{}, fmt.Errorf("time control %q: period %d (%q) has no moves/ so it lasts the whole game, yet more periods follow: give it its moves (40/%s)", s, i+1, part, part)
		}
		if i == 0 {
			tc.Moves, tc.Base, tc.Inc = p.Moves, p.Base, p.Inc
		} else {
			tc.Later[i-1] = p
		}
	}
	return tc, nil
}

// ParseOnePeriod reads a single period, "moves/time+increment", its time
// in seconds or M:SS: the form of cutechess-cli's and fastchess's tc=.
func ParseOnePeriod(s string) (TimeControl, error) {
	if s == "inf" || s == "infinite" {
		return TimeControl{}, nil
	}
	p, err := parsePeriod(s, s, true)
	if err != nil {
		return TimeControl{}, err
	}
	return TimeControl{Moves: p.Moves, Base: p.Base, Inc: p.Inc}, nil
}

// isMinSec reports whether s is one period whose time is M:SS: an optional
// "moves/", whole minutes, one colon, two digits 00-59 (an optional
// fraction), an optional "+increment". Any other colon separates periods.
func isMinSec(s string) bool {
	if _, after, ok := strings.Cut(s, "/"); ok {
		s = after
	}
	s, _, _ = strings.Cut(s, "+")
	min, sec, ok := strings.Cut(s, ":")
	if !ok || !allDigits(min) || len(sec) < 2 || !allDigits(sec[:2]) || sec[0] > '5' {
		return false
	}
	frac := sec[2:]
	return frac == "" || (frac[0] == '.' && allDigits(frac[1:]))
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// parsePeriod reads "moves/time+increment" (whole is the control, for
// messages); minSec allows the time as M:SS.
func parsePeriod(whole, s string, minSec bool) (Period, error) {
	var p Period
	rest := s
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(moves)
		if err != nil || n <= 0 {
			return p, fmt.Errorf("time control %q: moves per period %q is not a positive whole number", whole, moves)
		}
		p.Moves, rest = n, after
	}
	base, inc, hasInc := strings.Cut(rest, "+")
	var err error
	if minSec {
		p.Base, err = parseClockTime(base)
	} else {
		p.Base, err = ParseSeconds(base)
	}
	if err != nil || p.Base <= 0 {
		return Period{}, fmt.Errorf("time control %q: base time %q is not a positive number of seconds (or M:SS)", whole, base)
	}
	if hasInc {
		if p.Inc, err = ParseSeconds(inc); err != nil || p.Inc < 0 {
			return Period{}, fmt.Errorf("time control %q: increment %q is not a number of seconds", whole, inc)
		}
	}
	return p, nil
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

// String gives the PGN TimeControl tag value in the standard's form:
// "40/60+0.6", "10+0.1", "60", periods joined by ":" ("40/5400+30:1800+30"),
// "*60" for an hourglass (the standard's sandclock), "0.5/move" for a
// fixed time per move, "-" when nothing limits time. The standard has no
// field for a delay: it is not written.
func (tc TimeControl) String() string {
	switch {
	case tc.HasClock() && tc.Hourglass:
		return "*" + formatSeconds(tc.Base)
	case tc.HasClock():
		var b strings.Builder
		for i := range tc.Periods() {
			p := tc.Period(i)
			if i > 0 {
				b.WriteByte(':')
			}
			if p.Moves > 0 {
				b.WriteString(strconv.Itoa(p.Moves) + "/")
			}
			b.WriteString(formatSeconds(p.Base))
			if p.Inc > 0 {
				b.WriteString("+" + formatSeconds(p.Inc))
			}
		}
		return b.String()
	case tc.MoveTime > 0:
		return formatSeconds(tc.MoveTime) + "/move"
	default:
		return "-"
	}
}

// Key is the clock as tc= reads it back: String's periods, with "+0"
// after the first period's time where ParseTimeControl would read the
// first colon as M:SS ("40/120+0:30", not "40/120:30").
func (tc TimeControl) Key() string {
	s := tc.String()
	if tc.Periods() > 1 && !tc.Hourglass && isMinSec(s) {
		first, rest, _ := strings.Cut(s, ":")
		s = first + "+0:" + rest
	}
	return s
}

func formatSeconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64)
}
