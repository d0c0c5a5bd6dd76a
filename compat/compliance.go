package compat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse"
)

// Compliance is fastchess's --compliance ENGINE [ARGS]: its fixed steps
// (start, isready, id lines, positions, go with clocks, bestmove and the
// last scored info line), each said as it passes, the first failure ending
// it with the engine's last output. autoplay check is the wider battery.
type Compliance struct {
	Cmd  string
	Args string // one word, split as fastchess splits an engine's args=
	// Startup bounds uciok, Ping every other answer (fastchess's defaults
	// are 10 s and 60 s).
	Startup, Ping time.Duration
}

// maxComplianceLines bounds the engine output kept for a failure's report.
const maxComplianceLines = 1000

// NewCompliance reads what follows --compliance: the engine and at most
// one word of arguments.
func NewCompliance(args []string) (*Compliance, error) {
	switch {
	case len(args) == 0:
		return nil, fmt.Errorf("--compliance needs the engine: --compliance ENGINE [ARGS]")
	case len(args) > 2:
		return nil, fmt.Errorf("--compliance %s: give the engine's arguments as one quoted word (fastchess reads only that one): --compliance %s %q", args[0], args[0], strings.Join(args[1:], " "))
	}
	c := &Compliance{Cmd: args[0], Startup: 10 * time.Second, Ping: 60 * time.Second}
	if len(args) == 2 {
		c.Args = args[1]
	}
	return c, nil
}

// complianceSession is the engine spoken to and the lines of its last
// awaited answer, as fastchess keeps them.
type complianceSession struct {
	ctx     context.Context
	eng     *runner.RawEngine
	c       *Compliance
	args    []string
	lines   []string // the last read's lines (at most maxComplianceLines)
	dropped int      // lines of the last read not kept
	idName  bool
	idAuth  bool
}

// Run plays the steps, saying each on out (failures and the engine's
// output on errOut, as fastchess does), and reports whether all passed.
func (c *Compliance) Run(ctx context.Context, out, errOut io.Writer) (bool, error) {
	words, err := parse.SplitWords(c.Args)
	if err != nil {
		return false, fmt.Errorf("--compliance %s %q: %w", c.Cmd, c.Args, err)
	}
	s := &complianceSession{ctx: ctx, c: c, args: words}
	defer func() {
		if s.eng != nil {
			s.eng.Close(uci.AppendCommand(nil, uci.CmdQuit), time.Second)
		}
	}()
	for i, st := range complianceSteps() {
		fmt.Fprintf(out, "Step %d: %s...", i+1, st.name)
		if !st.do(s) {
			fmt.Fprintf(errOut, "\r\033[1;31m Failed\033[0m Step %d: %s\n", i+1, st.name)
			fmt.Fprintln(errOut, "\033[1;33m Your engine's stdout output was:\033[0m")
			for _, l := range s.lines {
				fmt.Fprintln(errOut, " "+l)
			}
			if s.dropped > 0 {
				fmt.Fprintf(errOut, " (and %d more lines)\n", s.dropped)
			}
			return false, nil
		}
		fmt.Fprintf(out, "\r\033[1;32m Passed\033[0m Step %d: %s\n", i+1, st.name)
	}
	fmt.Fprintln(out, "Engine passed all compliance checks.")
	return true, nil
}

// start starts the engine and waits for uciok, noting its id lines.
func (s *complianceSession) start() bool {
	cfg := spec.DefaultEngineConfig()
	cfg.Cmd, cfg.Args, cfg.Name = s.c.Cmd, s.args, s.c.Cmd
	eng, err := runner.StartRawEngine(cfg)
	if err != nil {
		return false
	}
	s.eng = eng
	if !s.send(uci.AppendCommand(nil, uci.CmdUCI)) || !s.read("uciok", s.c.Startup) {
		return false
	}
	for _, l := range s.lines {
		s.idName = s.idName || strings.HasPrefix(l, "id name ")
		s.idAuth = s.idAuth || strings.HasPrefix(l, "id author ")
	}
	return true
}

func (s *complianceSession) send(cmd []byte) bool { return s.eng.Send(cmd) == nil }

// read keeps the engine's lines until one starts with last, within timeout.
func (s *complianceSession) read(last string, timeout time.Duration) bool {
	s.lines, s.dropped = s.lines[:0], 0
	deadline := time.Now().Add(timeout)
	for {
		l, err := s.eng.Read(s.ctx, time.Until(deadline))
		if errors.Is(err, runner.ErrNoLine) || err != nil {
			return false
		}
		if len(s.lines) < maxComplianceLines {
			s.lines = append(s.lines, l.Text)
		} else {
			s.dropped++
		}
		if strings.HasPrefix(l.Text, last) {
			return true
		}
	}
}

// isready asks and waits for readyok; its answer's lines are not kept, as
// fastchess keeps only those of its other reads.
func (s *complianceSession) isready(timeout time.Duration) bool {
	kept, dropped := append([]string(nil), s.lines...), s.dropped
	ok := s.send(uci.AppendCommand(nil, uci.CmdIsReady)) && s.read("readyok", timeout)
	s.lines, s.dropped = kept, dropped
	return ok
}

// lastInfoLine is fastchess's pick of the last read's info line: the last
// with " score " that is no info string and of multipv 1 if any, an exact
// score before a bound.
func (s *complianceSession) lastInfoLine() string {
	fallback := ""
	for i := len(s.lines) - 1; i >= 0; i-- {
		l := s.lines[i]
		if strings.Contains(l, "info string") || !strings.Contains(l, "info") || !strings.Contains(l, " score ") ||
			strings.Contains(l, " multipv ") && !strings.Contains(l, " multipv 1") {
			continue
		}
		if !strings.Contains(l, " lowerbound") && !strings.Contains(l, " upperbound") {
			return l
		}
		if fallback == "" {
			fallback = l
		}
	}
	return fallback
}

// validInfoLine: it starts with info, and time, nps and score are each
// followed by a word without a decimal point.
func validInfoLine(l string) bool {
	f := strings.Fields(l)
	if len(f) == 0 || f[0] != "info" {
		return false
	}
	for i := 1; i < len(f); i++ {
		if f[i] == "time" || f[i] == "nps" || f[i] == "score" {
			if i+1 >= len(f) || strings.Contains(f[i+1], ".") {
				return false
			}
			i++
		}
	}
	return true
}

// bestmove: the last line read is "bestmove" and a word.
func (s *complianceSession) bestmove() bool {
	if len(s.lines) == 0 {
		return false
	}
	f := strings.Fields(s.lines[len(s.lines)-1])
	return len(f) >= 2 && f[0] == "bestmove"
}

type complianceStep struct {
	name string
	do   func(s *complianceSession) bool
}

const complianceFEN = "3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27"
const complianceBlackFEN = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"

func position(fen string, moves ...string) func(s *complianceSession) bool {
	var ms []protocol.Move
	for _, m := range moves {
		mv, _ := protocol.ParseMove([]byte(m))
		ms = append(ms, mv)
	}
	return func(s *complianceSession) bool { return s.send(uci.AppendPosition(nil, fen, ms)) }
}

func goCmd(g uci.Go) func(s *complianceSession) bool {
	return func(s *complianceSession) bool { return s.send(uci.AppendGo(nil, &g)) }
}

func (s *complianceSession) readBestmove() bool { return s.read("bestmove", s.c.Ping) }

// searchChecks are the checks fastchess makes of a search's output, named
// after what was sent.
func searchChecks(read, after string) []complianceStep {
	return []complianceStep{
		{read, (*complianceSession).readBestmove},
		{"Check if engine prints an info line" + after, func(s *complianceSession) bool { return s.lastInfoLine() != "" }},
		{"Verify info line format is valid" + after, func(s *complianceSession) bool { return validInfoLine(s.lastInfoLine()) }},
	}
}

func scoreCheck(name string) complianceStep {
	return complianceStep{name, func(s *complianceSession) bool { return strings.Contains(s.lastInfoLine(), "score") }}
}

var ms100 = 100 * time.Millisecond

// complianceSteps are fastchess 1.8.2's, in its order and words, built on
// first use (not at every autoplay start).
var complianceSteps = sync.OnceValue(func() []complianceStep {
	ready := func(s *complianceSession) bool { return s.isready(s.c.Ping) }
	newGame := func(s *complianceSession) bool {
		return s.send(uci.AppendCommand(nil, uci.CmdUCINewGame)) && s.isready(s.c.Ping)
	}
	steps := []complianceStep{
		{"Start the engine", (*complianceSession).start},
		{"Check if engine is ready", ready},
		{"Check id name", func(s *complianceSession) bool { return s.idName }},
		{"Check id author", func(s *complianceSession) bool { return s.idAuth }},
		{"Send ucinewgame", newGame},
		{"Set position to startpos", position("")},
		{"Check if engine is ready after startpos", ready},
		{"Set position to fen", position(complianceFEN)},
		{"Check if engine is ready after fen", ready},
		{"Send go wtime 100", goCmd(uci.Go{WTime: ms100})},
	}
	steps = append(steps, searchChecks("Read bestmove", "")...)
	steps = append(steps,
		scoreCheck("Verify info line contains score"),
		complianceStep{"Set position to black to move", position(complianceBlackFEN)},
		complianceStep{"Send go btime 100", goCmd(uci.Go{BTime: ms100})})
	steps = append(steps, searchChecks("Read bestmove after go btime 100", " after go btime 100")...)
	steps = append(steps,
		scoreCheck("Check if engine prints an info line with the score after go btime 100"),
		complianceStep{"Send go wtime 100 winc 100 btime 100 binc 100", goCmd(uci.Go{WTime: ms100, WInc: ms100, BTime: ms100, BInc: ms100, SideBySide: true})})
	steps = append(steps, searchChecks("Read bestmove after go wtime 100 winc 100 btime 100 binc 100", " after go wtime 100 winc 100")...)
	steps = append(steps,
		scoreCheck("Check if engine prints an info line with the score after go wtime 100 winc 100"),
		complianceStep{"Send go btime 100 binc 100 wtime 100 winc 100", goCmd(uci.Go{WTime: ms100, WInc: ms100, BTime: ms100, BInc: ms100, BlackFirst: true})})
	steps = append(steps, searchChecks("Read bestmove after go btime 100 binc 100 wtime 100 winc 100", " after go btime 100 binc 100")...)
	steps = append(steps,
		scoreCheck("Check if engine prints an info line with the score after go btime 100 binc 100"),
		scoreCheck("Check if engine prints an info line after go btime 100 binc 100"),
		// A game, simulated.
		complianceStep{"Send ucinewgame", newGame},
		complianceStep{"Set position to startpos", position("")},
		complianceStep{"Send go wtime 100", goCmd(uci.Go{WTime: ms100, BTime: ms100})},
		complianceStep{"Read bestmove after go wtime 100 btime 100", func(s *complianceSession) bool { return s.readBestmove() && s.bestmove() }},
		complianceStep{"Verify info line format is valid after go wtime 100 btime 100", func(s *complianceSession) bool { return validInfoLine(s.lastInfoLine()) }},
		complianceStep{"Set position to startpos moves e2e4 e7e5", position("", "e2e4", "e7e5")},
		complianceStep{"Send go wtime 100 btime 100", goCmd(uci.Go{WTime: ms100, BTime: ms100})},
		complianceStep{"Read bestmove after position startpos moves e2e4 e7e5", func(s *complianceSession) bool { return s.readBestmove() && s.bestmove() }},
		complianceStep{"Verify info line format is valid after position startpos moves e2e4 e7e5", func(s *complianceSession) bool { return validInfoLine(s.lastInfoLine()) }},
	)
	return steps
})
