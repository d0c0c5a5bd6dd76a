// Command sleeper is a UCI engine that thinks by sleeping, for measuring a
// runner's relay latency from the engines' side with hundreds of games on
// a small machine: it uses no CPU while "thinking", plays a legal move
// chosen by a hash of the position, and times its own wait from writing
// bestmove to reading the next go. That wait is the runner's relay to the
// opponent, the opponent's sleep, and the relay back: minus the opponent's
// sleep (the same fixed time, or the same share of the same clock) and
// halved, it is one relay. At quit it appends its latencies, one integer
// of microseconds a line, to -out. It reports a score of 0 with each move,
// so every runner's draw adjudication ends its games at the same length.
//
// Settings come from flags or, for runners that pass no arguments to an
// engine, from the environment it inherits: SLEEPER_THINK, SLEEPER_SHARE,
// SLEEPER_OUT.
//
//	sleeper -think 20ms -out lat.txt      # a fixed 20 ms a move
//	sleeper -share 0.9 -out lat.txt       # 90 % of clock/30 + increment
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/uci"
)

func main() {
	// One Go processor whatever the environment: a runner's GOMAXPROCS,
	// inherited, must not change what its engines cost.
	runtime.GOMAXPROCS(1)
	think := flag.Duration("think", envDuration("SLEEPER_THINK", 20*time.Millisecond), "time to sleep a move (without -share)")
	share := flag.Float64("share", envFloat("SLEEPER_SHARE"), "sleep this share of the move's budget (time/30 + increment) instead of -think")
	out := flag.String("out", os.Getenv("SLEEPER_OUT"), "append the relay latencies (µs, one a line) to this file at quit")
	flag.Parse()
	e := &sleeper{think: *think, share: *share, in: bufio.NewReaderSize(os.Stdin, 1<<16), w: bufio.NewWriter(os.Stdout)}
	e.run()
	if *out != "" {
		e.save(*out)
	}
}

func envDuration(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}

func envFloat(name string) float64 {
	f, _ := strconv.ParseFloat(os.Getenv(name), 64)
	return f
}

type sleeper struct {
	think time.Duration
	share float64
	in    *bufio.Reader
	w     *bufio.Writer

	pos     *chess.Position
	fen     string
	played  []protocol.Move // the moves pos holds, to apply only new ones
	sent    time.Time       // when the last bestmove was written
	slept   time.Duration   // how long the last move slept
	waits   []time.Duration // bestmove written -> next go read, minus the opponent's sleep
	list    chess.MoveList
	scratch []byte
}

func (e *sleeper) run() {
	for {
		line, err := e.in.ReadString('\n')
		if err != nil {
			return
		}
		now := time.Now()
		cmd, err := uci.ParseCommand(line)
		if err != nil {
			continue
		}
		switch cmd.Kind {
		case uci.CmdUCI:
			e.say("id name sleeper\nid author autoplay bench\nuciok\n")
		case uci.CmdIsReady:
			e.say("readyok\n")
		case uci.CmdUCINewGame:
			e.sent = time.Time{}
		case uci.CmdPosition:
			e.setPosition(cmd.FEN, cmd.Moves)
		case uci.CmdGo:
			e.move(now, &cmd.Go)
		case uci.CmdQuit:
			return
		}
	}
}

func (e *sleeper) say(s string) {
	e.w.WriteString(s)
	e.w.Flush()
}

// setPosition plays only the moves added since the last position, as a
// runner sends the whole game each move.
func (e *sleeper) setPosition(fen string, moves []protocol.Move) {
	same := e.pos != nil && fen == e.fen && len(moves) >= len(e.played)
	for i := 0; same && i < len(e.played); i++ {
		same = moves[i] == e.played[i]
	}
	if !same {
		var err error
		if e.pos, err = chess.StartPosition(fen); err != nil {
			fmt.Fprintln(os.Stderr, "sleeper:", err)
			os.Exit(1)
		}
		e.fen, e.played = fen, e.played[:0]
	}
	for _, pm := range moves[len(e.played):] {
		m, ok := e.pos.FromProtocol(pm)
		if !ok {
			fmt.Fprintln(os.Stderr, "sleeper: illegal move", pm)
			os.Exit(1)
		}
		e.pos.MakeMove(m)
		e.played = append(e.played, pm)
	}
}

func (e *sleeper) move(now time.Time, g *uci.Go) {
	sleep := e.think
	if e.share > 0 {
		left, inc := g.WTime, g.WInc
		if e.pos.SideToMove() == chess.Black {
			left, inc = g.BTime, g.BInc
		}
		sleep = time.Duration(e.share * float64(left/30+inc))
	}
	if !e.sent.IsZero() {
		// The opponent slept as long as this engine did on its last move:
		// the same fixed time, or nearly the same share of a nearly equal
		// clock.
		e.waits = append(e.waits, now.Sub(e.sent)-e.slept)
	}
	start := time.Now()
	time.Sleep(sleep)
	// The opponent oversleeps as this engine does: subtract the real sleep.
	e.slept = time.Since(start)
	e.pos.GenerateLegal(&e.list)
	moves := e.list.Moves()
	best := protocol.Move{}
	if len(moves) > 0 {
		best = e.pos.ProtocolMove(moves[e.pos.Hash()%uint64(len(moves))])
	}
	e.scratch = append(e.scratch[:0], "info depth 1 score cp 0\n"...)
	e.scratch = uci.AppendBestMove(e.scratch, best, protocol.Move{})
	e.w.Write(e.scratch)
	e.w.Flush()
	e.sent = time.Now()
}

// save appends one relay latency a line: half the wait, in microseconds.
func (e *sleeper) save(path string) {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sleeper:", err)
		return
	}
	defer f.Close()
	// One write: engines of many games append to the same file at once.
	var b []byte
	for _, d := range e.waits {
		b = strconv.AppendInt(b, max(d, 0).Microseconds()/2, 10)
		b = append(b, '\n')
	}
	f.Write(b)
}
