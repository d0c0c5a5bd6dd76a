package compat

import "fmt"

// startOrder prints "Started game" lines where cutechess-cli and fastchess
// do: a game starts in a slot its predecessor left, after that game's
// "Finished" lines. autoplay's worker starts the next game before the
// collector has reported the last one, so a start that finds every slot
// still taken waits for the next Finished.
type startOrder struct {
	slots   int      // games played at once (-concurrency)
	running int      // started and not yet finished, as printed
	waiting []string // "Started" lines held back
}

// started returns the line to print now, or "" when it is held back.
func (s *startOrder) started(number, total int, white, black string) string {
	line := fmt.Sprintf("Started game %d of %d (%s vs %s)\n", number, total, white, black)
	if s.running >= max(s.slots, 1) {
		s.waiting = append(s.waiting, line)
		return ""
	}
	s.running++
	return line
}

// finished frees a slot and returns the held-back lines that now fit.
func (s *startOrder) finished() string {
	s.running = max(s.running-1, 0)
	out := ""
	for len(s.waiting) > 0 && s.running < max(s.slots, 1) {
		out += s.waiting[0]
		s.waiting = s.waiting[1:]
		s.running++
	}
	return out
}
