package check

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
)

// session is one engine process spoken to line by line, keeping the last
// lines of the exchange as evidence for a verdict.
type session struct {
	ctx  context.Context
	eng  *runner.RawEngine
	log  []noted // the latest exchange, oldest first
	gone bool
}

// maxEvidence is how many lines of the exchange a verdict shows.
const maxEvidence = 12

// maxEvidenceLine bounds one line of evidence.
const maxEvidenceLine = 200

func startSession(ctx context.Context, cfg spec.EngineConfig) (*session, error) {
	eng, err := runner.StartRawEngine(cfg)
	if err != nil {
		return nil, err
	}
	return &session{ctx: ctx, eng: eng}, nil
}

// note keeps a line of the exchange. A flood of lines costs no copy here:
// the log keeps at most 4*maxEvidence lines (each at most the reader's
// 64 KB), and cuts them for evidence only when a verdict asks.
func (s *session) note(prefix, line string) {
	s.log = append(s.log, noted{prefix, line})
	if len(s.log) > 4*maxEvidence {
		s.log = append(s.log[:0], s.log[len(s.log)-maxEvidence:]...)
	}
}

// noted is a line of the exchange: "> " sent, "< " received, "" the
// battery's own words.
type noted struct{ prefix, line string }

// evidence is the latest lines of the exchange, each cut to
// maxEvidenceLine.
func (s *session) evidence() []string {
	var out []string
	for _, n := range s.log[max(0, len(s.log)-maxEvidence):] {
		line := n.line
		if len(line) > maxEvidenceLine {
			line = line[:maxEvidenceLine] + "…"
		}
		out = append(out, n.prefix+line)
	}
	return out
}

// send writes cmd (whole lines, each ending in a newline).
func (s *session) send(cmd []byte) error {
	for _, l := range strings.Split(strings.TrimSuffix(string(cmd), "\n"), "\n") {
		s.note("> ", l)
	}
	if err := s.eng.Send(cmd); err != nil {
		s.gone = true
		return errGone
	}
	return nil
}

var (
	errGone    = errors.New("the engine exited")
	errTimeout = errors.New("no answer in time")
)

// until reads lines until done says one is the awaited one, for at most
// timeout; each line read is given to seen (when not nil) first.
func (s *session) until(timeout time.Duration, seen func(runner.RawLine), done func(string) bool) (runner.RawLine, error) {
	deadline := time.Now().Add(timeout)
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return runner.RawLine{}, errTimeout
		}
		l, err := s.eng.Read(s.ctx, left)
		switch {
		case errors.Is(err, runner.ErrNoLine):
			return runner.RawLine{}, errTimeout
		case errors.Is(err, runner.ErrEngineGone):
			s.gone = true
			s.note("", "(the engine closed its output)")
			return runner.RawLine{}, errGone
		case err != nil:
			return runner.RawLine{}, err
		}
		if l.Cut > 0 {
			s.note("< ", fmt.Sprintf("%s… (a line of %d bytes, cut: autoplay reads lines up to 64 KB)", l.Text[:min(len(l.Text), 40)], l.Cut))
		} else {
			s.note("< ", l.Text)
		}
		if seen != nil {
			seen(l)
		}
		if done(l.Text) {
			return l, nil
		}
	}
}

// drain reads what the engine writes for d, giving each line to seen.
func (s *session) drain(d time.Duration, seen func(runner.RawLine)) {
	s.until(d, seen, func(string) bool { return false })
}

// close quits the engine (quit is the protocol's command), killing it
// after grace.
func (s *session) close(quit []byte, grace time.Duration) {
	s.eng.Close(quit, grace)
}

// firstWord is a line's first word.
func firstWord(line string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(line), " ")
	return w
}

// explain words an error of until.
func explain(err error, what string, timeout time.Duration) string {
	switch {
	case errors.Is(err, errGone):
		return "the engine exited before " + what
	case errors.Is(err, errTimeout):
		return "no " + what + " within " + timeout.String()
	}
	return err.Error()
}
