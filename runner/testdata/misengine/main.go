// Command misengine is a small UCI chess engine that misbehaves on purpose,
// one way per -mode, so that the runner's end-to-end tests can prove every
// failure path against a real child process. It plays legal moves (notnil/chess),
// preferring mates and big captures so that games end.
//
// Build it from the module root:
//
//	go build -o DIR/misengine ./runner/testdata/misengine
//
// Flags: -mode (below), -at N (which go or isready misbehaves, default 3),
// -delay D (late, slow; default 2s), -flood N (info lines per go, default
// 20000), -illegal color|jump (kind of illegal move), -seed S (move choice,
// default 1), -trapterm (ignore SIGTERM and SIGINT: only SIGKILL stops it),
// -xboard (speak XBoard/CECP protocol 2 instead of UCI; there -at counts
// the engine's own moves of a game, from 1, restarting at "new"),
// -holder group|session (fork a process that keeps stdout and stderr open
// and sleeps: in the engine's process group, or escaped into a session of
// its own), -stderr (write to stderr at start and at every UCI go).
//
// UCI modes and the runner behaviour each one proves:
//
//	normal       plays properly: the baseline every other mode departs from.
//	crash        at the Nth go of a game exits with status 3 mid-line, without
//	             answering: the runner records a crash loss and reaps the process.
//	hang         at the Nth go never answers and ignores everything after,
//	             quit and end of input included: the runner must kill it.
//	illegal      at the Nth go answers a well-formed move that is not legal:
//	             the runner adjudicates the game lost for an illegal move.
//	malformed    at the Nth go answers "bestmove xyz": the runner rejects the
//	             reply as unparsable and the game is lost.
//	flood        before every answer prints -flood info lines, some over
//	             100 KB: the runner's reader neither stalls, nor grows without
//	             bound, nor loses the bestmove after them.
//	late         at the Nth go sleeps -delay before answering, even through
//	             stop: the runner's clock forfeits it.
//	exitatstart  exits with status 1 before reading anything: the runner
//	             reports a start failure instead of waiting for uciok.
//	nouciok      answers uci with its id but never uciok: the handshake
//	             times out.
//	noreadyok    from the Nth isready (counted from start) answers nothing
//	             more, though quit still works: the isready timeout fires.
//	slowuciok    sleeps -delay before uciok: a long start (-startup-ms).
//	slownewgame  sleeps -delay before the readyok after ucinewgame: a long
//	             new game (-ucinewgame-ms), every other isready at once.
//	badoption    declares no options and reports every setoption as unknown in
//	             an info string: the runner surfaces option errors.
//	slow         answers every go after -delay (stop answers at once): time
//	             controls and stop handling work with a thinking engine.
//	escapes, idtwice, longid, twice, overclaim, negtime, junkflood
//	             what an engine says rather than plays: see text.go.
//
// With -xboard it declares
//
//	feature myname="misengine MODE" ping=1 setboard=1 usermove=1 san=0 sigint=0 sigterm=0 reuse=1 colors=0 done=1
//
// keeps the game itself (new, force, go, playother, setboard, edit mode,
// usermove or bare moves, result, ping), prints a thinking line
// "ply score time nodes pv" before each move, and understands these modes;
// "Nth move" is its Nth turn of the game:
//
//	normal       plays properly.
//	crash, hang, illegal, malformed, late, slow, flood, exitatstart
//	             as in UCI, with "move X" for bestmove ("move xyz" when
//	             malformed); slow moves at once on "?" and stops without a
//	             move on force, new, result, edit or setboard.
//	falseclaim   after its Nth move claims its own win ("1-0 {White mates}"
//	             or "0-1 {Black mates}") though the game goes on: the runner
//	             must score the false claim as a loss.
//	trueclaim    after a move that mates, stalemates or repeats the position
//	             a third time, claims the right result, as Fairy-Max does.
//	resign       sends "resign" instead of its Nth move.
//	rejectmove   answers "Illegal move: X" to the legal move X that starts
//	             its Nth turn, and does not move; when go starts that turn,
//	             it takes back and refuses the last move it was sent before
//	             (none, as white from the opening position: no misbehaviour).
//	nodone       sends its features without done: a protocol 1 style engine
//	             the runner must give up waiting on after about 2 s.
//	donezero     sends "feature done=0" and never done=1: the handshake stalls.
//	noping       declares ping=0 (and answers ping with an error).
//	nosetboard   declares setboard=0: the position comes in edit mode.
//	san          declares san=1: moves go both ways in SAN, coordinate moves
//	             from the GUI are illegal.
//	bare         declares usermove=0 (moves arrive bare, "usermove" is an
//	             unknown command) and chatters: a line before protover, and
//	             tellics, "#" comments and telluser before every move.
//	reuse0       declares reuse=0: the runner restarts it between games.
//	drawoffer    sends "offer draw" before every move.
//	outofturn    after its Nth move sends another move at once, while the
//	             opponent is to move: a protocol violation that loses.
//	stubborn     declares sigterm=1 and ignores quit and end of input: only a
//	             signal ends it, so the runner's SIGTERM-before-SIGKILL shows.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/notnil/chess"
)

// logStderr: -stderr was given.
var logStderr bool

// reportCPUs: -cpus was given.
var reportCPUs bool

// extraOption is -declare: an option line's words after "option" that the
// engine also declares at uci and accepts in setoption.
var extraOption string

// extraOptionName is the name extraOption declares.
func extraOptionName() string {
	rest, _ := strings.CutPrefix(extraOption, "name ")
	name, _, _ := strings.Cut(rest, " type ")
	return name
}

// allowedCPUs is the Cpus_allowed_list line of /proc/self/status.
func allowedCPUs() string {
	data, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "Cpus_allowed_list:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}

// config is the parsed command line.
type config struct {
	mode     string
	at       int
	delay    time.Duration
	flood    int
	illegal  string
	seed     int64
	trapTerm bool
	pick     string // "rules" (the default choice) or "first": the first legal move
}

// Which protocols each mode exists in.
const (
	inUCI = 1 << iota
	inXBoard
	inBoth = inUCI | inXBoard
)

var modes = map[string]int{
	"normal": inBoth, "crash": inBoth, "hang": inBoth, "illegal": inBoth, "malformed": inBoth,
	"flood": inBoth, "late": inBoth, "exitatstart": inBoth, "nouciok": inUCI,
	"noreadyok": inUCI, "slowuciok": inUCI, "slownewgame": inUCI, "badoption": inUCI, "slow": inBoth, "ponderearly": inUCI, "ponderdeaf": inUCI,
	"falseclaim": inXBoard, "trueclaim": inXBoard, "resign": inXBoard, "rejectmove": inXBoard,
	"nodone": inXBoard, "donezero": inXBoard, "noping": inXBoard, "nosetboard": inXBoard,
	"san": inXBoard, "bare": inXBoard, "reuse0": inXBoard, "drawoffer": inXBoard, "stubborn": inXBoard, "outofturn": inXBoard,
}

func main() {
	for _, m := range textModes {
		modes[m] = inUCI
	}
	for _, m := range xboardTextModes {
		modes[m] |= inXBoard
	}
	var cfg config
	flag.StringVar(&cfg.mode, "mode", "normal", "misbehaviour: normal, crash, hang, illegal, malformed, flood, late, exitatstart, slow; "+
		"UCI only: nouciok, noreadyok, slowuciok, slownewgame, badoption, ponderearly, ponderdeaf (ignores stop while pondering); XBoard only: falseclaim, trueclaim, resign, rejectmove, nodone, donezero, noping, nosetboard, san, bare, reuse0, drawoffer")
	flag.IntVar(&cfg.at, "at", 3, "the go (per game) or isready (per process) that misbehaves, from 1; with -xboard, the engine's own move of the game")
	flag.DurationVar(&cfg.delay, "delay", 2*time.Second, "wait before answering go in late and slow modes")
	flag.IntVar(&cfg.flood, "flood", 20000, "info lines printed before each bestmove in flood mode")
	flag.StringVar(&cfg.illegal, "illegal", "color", "illegal move kind: color (moves an opponent piece) or jump (e2e5-style)")
	flag.Int64Var(&cfg.seed, "seed", 1, "seed of the move choice")
	flag.BoolVar(&cfg.trapTerm, "trapterm", false, "ignore SIGTERM and SIGINT")
	flag.StringVar(&cfg.pick, "pick", "rules", "move choice: rules (mates, captures, promotions first) or first (the first legal move, and the first legal reply as the ponder move)")
	xboard := flag.Bool("xboard", false, "speak XBoard (CECP protocol 2) instead of UCI")
	holder := flag.String("holder", "", "at start fork a process that holds stdout and stderr open and sleeps: group (in the engine's process group) or session (escaped into its own session)")
	sleeper := flag.Bool("sleeper", false, "be such a holder (internal)")
	stderrChat := flag.Bool("stderr", false, "write a line to stderr at start and at every go")
	flag.StringVar(&extraOption, "declare", "", `an option it also declares at uci and accepts, the words after "option": "name Style type combo default Normal var Solid var Normal"`)
	flag.BoolVar(&reportCPUs, "cpus", false, "say at uci which CPUs it may run on (info string cpus LIST)")
	flag.Parse()
	if *sleeper {
		sleepForever()
	}
	if *stderrChat {
		fmt.Fprintln(os.Stderr, "misengine: stderr line at start")
		logStderr = true
	}
	proto, protoName := inUCI, "UCI"
	if *xboard {
		proto, protoName = inXBoard, "XBoard"
	}
	switch {
	case modes[cfg.mode] == 0:
		fmt.Fprintf(os.Stderr, "misengine: unknown -mode %q\n", cfg.mode)
		os.Exit(2)
	case modes[cfg.mode]&proto == 0:
		fmt.Fprintf(os.Stderr, "misengine: -mode %s does not exist in %s\n", cfg.mode, protoName)
		os.Exit(2)
	case cfg.illegal != "color" && cfg.illegal != "jump":
		fmt.Fprintf(os.Stderr, "misengine: -illegal must be color or jump, not %q\n", cfg.illegal)
		os.Exit(2)
	case cfg.mode == "exitatstart":
		os.Exit(1)
	}
	if cfg.trapTerm {
		signal.Ignore(syscall.SIGTERM, syscall.SIGINT)
	}
	if *holder != "" {
		startHolder(*holder)
	}
	if *xboard {
		runXBoard(cfg, readLines(os.Stdin))
		os.Exit(0)
	}
	e := &engine{cfg: cfg, out: bufio.NewWriterSize(os.Stdout, 1<<16), rng: rand.New(rand.NewSource(cfg.seed)), pos: chess.StartingPosition()}
	e.run(readLines(os.Stdin))
	os.Exit(0)
}

// readLines delivers stdin's lines on a channel that closes at end of input,
// so that a thinking engine can still see stop and quit.
func readLines(f *os.File) <-chan string {
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64<<10), 16<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return lines
}

// engine is the UCI state: the position and the per-game and per-process
// counters the misbehaviours key on.
type engine struct {
	cfg     config
	out     *bufio.Writer
	rng     *rand.Rand
	pos     *chess.Position
	goes    int  // go commands since the last ucinewgame
	readies int  // isready commands since start
	deaf    bool // noreadyok has fired: answer nothing more
	newGame bool // ucinewgame came since the last isready (slownewgame)
}

// send writes one line and flushes, so the runner sees it at once.
func (e *engine) send(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
	e.out.Flush()
}

// run handles commands until quit or end of input.
func (e *engine) run(lines <-chan string) {
	for line := range lines {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if fields[0] == "quit" {
			return
		}
		if e.deaf {
			continue
		}
		if !e.handle(fields, lines) {
			return
		}
	}
}

// handle acts on one command; it returns false when the engine must quit.
func (e *engine) handle(fields []string, lines <-chan string) bool {
	switch fields[0] {
	case "uci":
		e.sendIDs()
		if reportCPUs {
			e.send("info string cpus %s", allowedCPUs())
		}
		if e.cfg.mode != "badoption" {
			e.send("option name Hash type spin default 16 min 1 max 1024")
			e.send("option name Threads type spin default 1 min 1 max 64")
			e.send("option name Ponder type check default false")
		}
		if extraOption != "" {
			e.send("option %s", extraOption)
		}
		if e.cfg.mode == "slowuciok" {
			time.Sleep(e.cfg.delay)
		}
		if e.cfg.mode != "nouciok" {
			e.send("uciok")
		}
	case "isready":
		e.readies++
		if e.cfg.mode == "slownewgame" && e.newGame {
			time.Sleep(e.cfg.delay)
		}
		e.newGame = false
		if e.cfg.mode == "noreadyok" && e.readies >= e.cfg.at {
			e.deaf = true
			return true
		}
		e.send("readyok")
	case "setoption":
		e.setOption(fields[1:])
	case "ucinewgame":
		e.newGame = true
		e.goes = 0
		e.pos = chess.StartingPosition()
	case "position":
		pos, err := setPosition(fields[1:])
		if err != nil {
			e.send("info string %v", err)
		}
		e.pos = pos
	case "go":
		e.goes++
		if logStderr {
			fmt.Fprintf(os.Stderr, "misengine: stderr at go %d\n", e.goes)
		}
		return e.think(fields[1:], lines)
	}
	// stop, ponderhit and unknown commands need no answer when idle.
	return true
}

// setOption accepts the declared options silently and reports others.
func (e *engine) setOption(args []string) {
	// setoption name <id...> [value <x...>]
	var name []string
	for _, a := range args {
		if a == "value" {
			break
		}
		if a != "name" || len(name) > 0 {
			name = append(name, a)
		}
	}
	id := strings.Join(name, " ")
	switch {
	case e.cfg.mode != "badoption" && (strings.EqualFold(id, "Hash") || strings.EqualFold(id, "Threads") || strings.EqualFold(id, "Ponder")):
	case extraOption != "" && strings.EqualFold(id, extraOptionName()):
	default:
		e.send("info string unknown option %s", id)
	}
}

// think answers a go command, misbehaving as the mode says. It returns
// false when quit arrived while it was thinking.
func (e *engine) think(args []string, lines <-chan string) bool {
	nth := e.goes == e.cfg.at
	if e.textMisbehaviour(nth) {
		return true
	}
	switch {
	case e.cfg.mode == "crash" && nth:
		fmt.Fprint(e.out, "info depth 1 seldep") // half a line, no newline
		e.out.Flush()
		os.Exit(3)
	case e.cfg.mode == "hang" && nth:
		for range lines { // read and discard, quit included
		}
		for { // even at end of input: only a kill ends it
			time.Sleep(time.Hour)
		}
	case e.cfg.mode == "malformed" && nth:
		e.send("bestmove xyz")
		return true
	case e.cfg.mode == "illegal" && nth:
		move, why := illegalMove(e.pos, e.cfg.illegal)
		e.send("info string misengine: illegal move %s (%s)", move, why)
		e.send("info depth 1 seldepth 1 score cp 0 nodes 1 nps 1000 time 1 pv %s", move)
		e.send("bestmove %s", move)
		return true
	case e.cfg.mode == "flood":
		e.flood()
	case e.cfg.mode == "ponderearly" && hasToken(args, "ponder"):
		e.answer() // a bestmove while pondering: a protocol violation
		return true
	}

	// When to answer: at once, after a delay, or (infinite, ponder) at stop.
	var wait <-chan time.Time
	stopAnswers := true
	deaf := e.cfg.mode == "ponderdeaf" && hasToken(args, "ponder") // ignores stop, answers ponderhit
	switch {
	case e.cfg.mode == "late" && nth:
		wait, stopAnswers = time.After(e.cfg.delay), false
	case e.cfg.mode == "slow":
		wait = time.After(e.cfg.delay)
	case hasToken(args, "infinite") || hasToken(args, "ponder"):
		wait = nil // only stop or ponderhit
	default:
		e.answer()
		return true
	}
	for {
		select {
		case <-wait:
			e.answer()
			return true
		case line, ok := <-lines:
			if !ok {
				return false
			}
			switch cmd := strings.Fields(line); {
			case len(cmd) == 0:
			case cmd[0] == "quit":
				return false
			case cmd[0] == "isready":
				e.send("readyok") // UCI: answer isready even while thinking
			case cmd[0] == "stop" && deaf:
			case (cmd[0] == "stop" || cmd[0] == "ponderhit") && stopAnswers:
				e.answer()
				return true
			}
		}
	}
}

// answer prints the search info and bestmove for the current position.
func (e *engine) answer() {
	c := e.choose(e.pos, e.rng)
	if c.move == nil {
		e.send("info string misengine: no legal move")
		e.send("bestmove 0000")
		return
	}
	score := fmt.Sprintf("cp %d", c.score)
	if c.mate {
		score = "mate 1"
	}
	e.send("info depth 1 seldepth 1 score %s nodes %d nps 1000 time %d pv %s",
		score, len(e.pos.ValidMoves()), e.reportedTime(), c.move)
	// The reply it expects, chosen the same way (a throwaway generator, so
	// the moves it plays do not change).
	if reply := e.choose(e.pos.Update(c.move), rand.New(rand.NewSource(1))); reply.move != nil {
		e.send("bestmove %s ponder %s", c.move, reply.move)
		return
	}
	e.send("bestmove %s", c.move)
}

// choose picks a move as -pick says.
func (e *engine) choose(pos *chess.Position, rng *rand.Rand) choice {
	if e.cfg.pick == "first" {
		if moves := pos.ValidMoves(); len(moves) > 0 {
			return choice{move: moves[0], score: material(pos.Update(moves[0]), pos.Turn())}
		}
		return choice{}
	}
	return chooseMove(pos, rng)
}

// flood prints cfg.flood info lines: mostly ordinary search lines, every
// 1000th an info string, and every 5000th (from the 2500th) a line over
// 100 KB, alternating between an info string and a huge pv.
func (e *engine) flood() {
	long := strings.Repeat("x", 120<<10)
	for i := range e.cfg.flood {
		switch {
		case i%5000 == 2500 && (i/5000)%2 == 0:
			fmt.Fprintf(e.out, "info string flood %d %s\n", i, long)
		case i%5000 == 2500:
			fmt.Fprintf(e.out, "info depth 2 seldepth 2 score cp 0 nodes %d pv%s\n", i, strings.Repeat(" a2a3 a7a6", 12<<10))
		case i%1000 == 0:
			fmt.Fprintf(e.out, "info string flood line %d of %d\n", i, e.cfg.flood)
		default:
			fmt.Fprintf(e.out, "info depth %d seldepth %d score cp %d nodes %d nps 1000 time %d currmove a2a3 currmovenumber 1\n",
				1+i%30, 2+i%30, i%200-100, i, i)
		}
	}
	e.out.Flush()
}

// hasToken reports whether tok is one of args.
func hasToken(args []string, tok string) bool {
	for _, a := range args {
		if a == tok {
			return true
		}
	}
	return false
}
