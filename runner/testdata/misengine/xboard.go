package main

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"time"

	"github.com/notnil/chess"
)

// xengine is the XBoard (CECP protocol 2) state. Unlike UCI the engine
// keeps the game itself: it is told each move once and, out of force mode,
// answers the opponent's moves with its own.
type xengine struct {
	cfg     config
	out     *bufio.Writer
	rng     *rand.Rand
	lines   <-chan string
	pending []string // lines read while thinking, handled after the move

	ping, setboard, usermove, san bool // the features it declares

	pos   *chess.Position
	seen  map[string]int // repetition counts since the last new, setboard or edit
	force bool           // only record moves
	side  chess.Color    // the side it plays out of force mode
	turns int            // its turns since new: what -at counts
	// The last move received in force mode and the position before it, so
	// that rejectmove can refuse it when go starts the Nth turn.
	lastMove string
	beforeIt *chess.Position
	edit     *editBoard // non-nil in edit mode
}

// runXBoard speaks XBoard on stdin and stdout until quit or end of input.
func runXBoard(cfg config, lines <-chan string) {
	e := &xengine{
		cfg: cfg, out: bufio.NewWriterSize(os.Stdout, 1<<16), rng: rand.New(rand.NewSource(cfg.seed)), lines: lines,
		ping: cfg.mode != "noping", setboard: cfg.mode != "nosetboard",
		usermove: cfg.mode != "bare", san: cfg.mode == "san",
	}
	e.newGame()
	if cfg.mode == "bare" {
		// Chatter before protover: the runner must not take it for a feature.
		e.send("misengine (bare mode) here, waiting for protover")
	}
	for {
		line, ok := e.next()
		if !ok {
			if cfg.mode == "stubborn" {
				for { // deaf to end of input too: only a signal ends it
					time.Sleep(time.Hour) // (a bare select{} would be a deadlock the runtime ends)
				}
			}
			return
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if fields[0] == "quit" {
			if cfg.mode == "stubborn" {
				continue
			}
			return
		}
		if !e.handle(fields) {
			return
		}
	}
}

// next is the next command: one put aside while thinking, else a new line.
func (e *xengine) next() (string, bool) {
	if len(e.pending) > 0 {
		line := e.pending[0]
		e.pending = e.pending[1:]
		return line, true
	}
	line, ok := <-e.lines
	return line, ok
}

func (e *xengine) send(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
	e.out.Flush()
}

func (e *xengine) newGame() {
	e.pos, e.force, e.side, e.turns, e.edit = chess.StartingPosition(), false, chess.Black, 0, nil
	e.lastMove, e.beforeIt = "", nil
	e.resetSeen()
}

func (e *xengine) resetSeen() {
	e.seen = map[string]int{repetitionKey(e.pos): 1}
}

// handle acts on one command; it returns false when the engine must quit.
func (e *xengine) handle(fields []string) bool {
	if e.edit != nil {
		e.editCommand(fields[0])
		return true
	}
	switch cmd := fields[0]; cmd {
	case "protover":
		e.features()
	case "new":
		e.newGame()
	case "force", "result":
		e.force = true
	case "go":
		e.force, e.side = false, e.pos.Turn()
		if e.cfg.mode == "rejectmove" && e.turns+1 == e.cfg.at && e.beforeIt != nil {
			e.turns++ // fire once
			e.pos, e.force = e.beforeIt, true
			e.resetSeen()
			e.send("Illegal move: %s", e.lastMove)
			return true
		}
		return e.think()
	case "playother":
		e.force, e.side = false, e.pos.Turn().Other()
	case "ping":
		if !e.ping {
			e.send("Error (unknown command): %s", strings.Join(fields, " "))
			break
		}
		if len(fields) > 1 {
			e.send("pong %s", fields[1])
		}
	case "setboard":
		if !e.setboard {
			e.send("Error (unknown command): setboard")
			break
		}
		pos, err := setPosition(append([]string{"fen"}, fields[1:]...))
		if err != nil {
			e.send("tellusererror Illegal position: %v", err)
			break
		}
		e.pos, e.lastMove, e.beforeIt = pos, "", nil
		e.resetSeen()
	case "edit":
		e.edit = &editBoard{squares: e.pos.Board().SquareMap(), color: chess.White}
	case "usermove":
		if !e.usermove || len(fields) < 2 {
			e.send("Error (unknown command): %s", strings.Join(fields, " "))
			break
		}
		return e.userMove(fields[1])
	case "xboard", "accepted", "rejected", "time", "otim", "level", "st", "sd", "post", "nopost",
		"easy", "hard", "random", "computer", "name", "memory", "cores", "option", "?", "draw",
		"rating", "ics", "variant", "hint", "bk", "exit", "nps", "white", "black":
		// Nothing to act on: it plays instantly, whatever the clock.
	default:
		if !e.usermove && len(fields) == 1 && looksLikeMove(cmd) {
			return e.userMove(cmd)
		}
		e.send("Error (unknown command): %s", cmd)
	}
	return true
}

// features declares what this mode says it supports.
func (e *xengine) features() {
	if e.cfg.mode == "donezero" {
		e.send("feature done=0")
	}
	if e.cfg.mode == "idtwice" {
		e.send("feature myname=\"another name\"")
	}
	f := fmt.Sprintf("feature myname=\"misengine %s\" ping=%d setboard=%d usermove=%d san=%d sigint=0 sigterm=%d reuse=%d colors=0",
		e.cfg.mode, b2i(e.ping), b2i(e.setboard), b2i(e.usermove), b2i(e.san), b2i(e.cfg.mode == "stubborn"), b2i(e.cfg.mode != "reuse0"))
	if e.cfg.mode == "donezero" || e.cfg.mode == "nodone" {
		e.send("%s", f)
		return
	}
	e.send("%s done=1", f)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// looksLikeMove tells a bare move from an unknown command: coordinate
// moves, and SAN in san mode.
func looksLikeMove(s string) bool {
	if len(s) >= 4 && len(s) <= 5 && s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8' &&
		s[2] >= 'a' && s[2] <= 'h' && s[3] >= '1' && s[3] <= '8' {
		return true
	}
	return false
}

// userMove plays the opponent's (or, in force mode, either side's) move
// and, when that makes it its turn, thinks. In rejectmove mode the move
// that would start its Nth turn is refused though legal; when go starts
// that turn, the last move received before it is taken back and refused.
func (e *xengine) userMove(text string) bool {
	m := e.parseMove(text)
	if m == nil {
		e.send("Illegal move: %s", text)
		return true
	}
	startsTurn := !e.force && e.pos.Turn() != e.side
	if e.cfg.mode == "rejectmove" && startsTurn && e.turns+1 == e.cfg.at {
		e.turns++ // fire once
		e.send("Illegal move: %s", text)
		return true
	}
	e.lastMove, e.beforeIt = text, e.pos
	e.play(m)
	if startsTurn {
		return e.think()
	}
	return true
}

// parseMove is the legal move written text, in SAN in san mode and in
// coordinates otherwise, or nil.
func (e *xengine) parseMove(text string) *chess.Move {
	if !e.san {
		return findMove(e.pos, text)
	}
	want := strings.TrimRight(text, "+#")
	for _, m := range e.pos.ValidMoves() {
		if strings.TrimRight(chess.AlgebraicNotation{}.Encode(e.pos, m), "+#") == want {
			return m
		}
	}
	return nil
}

// play applies a legal move and counts the position for repetitions.
func (e *xengine) play(m *chess.Move) {
	e.pos = e.pos.Update(m)
	e.seen[repetitionKey(e.pos)]++
}

// repetitionKey identifies a position for threefold repetition: the en
// passant square counts only when a capture there is legal.
func repetitionKey(pos *chess.Position) string {
	ep := "-"
	for _, m := range pos.ValidMoves() {
		if m.HasTag(chess.EnPassant) {
			ep = m.S2().String()
			break
		}
	}
	return pos.Board().String() + " " + pos.Turn().String() + " " + pos.CastleRights().String() + " " + ep
}

// think moves for the side to move, misbehaving as the mode says. It
// returns false when quit arrived while it was thinking.
func (e *xengine) think() bool {
	e.turns++
	nth := e.turns == e.cfg.at
	if len(e.pos.ValidMoves()) == 0 {
		e.claim(e.pos) // asked to move in a finished game: say why not
		e.force = true
		return true
	}
	switch {
	case e.cfg.mode == "crash" && nth:
		fmt.Fprint(e.out, "3 17 1 12") // half a thinking line, no newline
		e.out.Flush()
		os.Exit(3)
	case e.cfg.mode == "hang" && nth:
		for range e.lines { // read and discard, quit included
		}
		for { // even at end of input: only a kill ends it
			time.Sleep(time.Hour)
		}
	case e.cfg.mode == "malformed" && nth:
		e.send("move xyz")
		e.force = true
		return true
	case e.cfg.mode == "illegal" && nth:
		move, why := illegalMove(e.pos, e.cfg.illegal)
		e.send("# misengine: illegal move %s (%s)", move, why)
		e.send("1 0 1 1 %s", move)
		e.send("move %s", move)
		e.force = true
		return true
	case e.cfg.mode == "resign" && nth:
		e.send("resign")
		e.force = true
		return true
	case e.cfg.mode == "late" && nth:
		if !e.wait(e.cfg.delay, false) {
			return false
		}
	case e.cfg.mode == "slow":
		if !e.wait(e.cfg.delay, true) {
			return false
		}
		if e.force { // force came while thinking: no move
			return true
		}
	case e.cfg.mode == "flood":
		e.flood()
	case e.cfg.mode == "outofturn" && nth:
		// Its move, then at once another one while the opponent is to move.
		e.move(false)
		if moves := e.pos.ValidMoves(); len(moves) > 0 {
			e.send("move %s", moves[0].String())
		}
		return true
	}
	e.move(e.cfg.mode == "falseclaim" && nth)
	return true
}

// wait thinks for d, putting the commands that arrive aside for after the
// move. When interruptible, "?" moves at once and force, new, result,
// edit and setboard end the search without a move. It returns false on
// quit or end of input.
func (e *xengine) wait(d time.Duration, interruptible bool) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		select {
		case <-timer.C:
			return true
		case line, ok := <-e.lines:
			if !ok {
				return false
			}
			cmd := ""
			if f := strings.Fields(line); len(f) > 0 {
				cmd = f[0]
			}
			switch {
			case cmd == "quit":
				return false
			case interruptible && cmd == "?":
				return true
			case interruptible && (cmd == "force" || cmd == "new" || cmd == "result" || cmd == "edit" || cmd == "setboard"):
				e.force = true
				e.pending = append(e.pending, line)
				return true
			default:
				e.pending = append(e.pending, line)
			}
		}
	}
}

// move chooses, announces and plays its move. With falseClaim it then
// claims its own win although the game goes on; in trueclaim mode it claims
// the result when its move ends the game.
func (e *xengine) move(falseClaim bool) {
	c := chooseMove(e.pos, e.rng)
	if falseClaim {
		c = e.nonEnding(c)
	}
	text := c.move.String()
	if e.san {
		text = chess.AlgebraicNotation{}.Encode(e.pos, c.move)
	}
	score := c.score
	if c.mate {
		score = 100001 // the protocol's mate in 1
	}
	switch e.cfg.mode {
	case "drawoffer":
		e.send("offer draw")
	case "bare":
		e.send("tellics say hello")
		e.send("# misengine chatter: %d legal moves", len(e.pos.ValidMoves()))
		e.send("telluser misengine plays %s", text)
	}
	e.send("1 %d 1 %d %s", score, len(e.pos.ValidMoves()), text)
	e.send("move %s", text)
	me := e.pos.Turn()
	e.play(c.move)
	switch {
	case falseClaim && me == chess.White:
		e.send("1-0 {White mates}")
	case falseClaim:
		e.send("0-1 {Black mates}")
	case e.cfg.mode == "trueclaim":
		e.claim(e.pos)
	}
}

// nonEnding replaces a choice that would end the game (so that a claim
// after it would be true) with a move that does not, when there is one.
func (e *xengine) nonEnding(c choice) choice {
	if !e.ends(c.move) {
		return c
	}
	for _, m := range e.pos.ValidMoves() {
		if !e.ends(m) {
			return choice{move: m, score: material(e.pos.Update(m), e.pos.Turn())}
		}
	}
	return c
}

func (e *xengine) ends(m *chess.Move) bool {
	next := e.pos.Update(m)
	return next.Status() != chess.NoMethod || e.seen[repetitionKey(next)] >= 2
}

// claim sends the result of pos if the game is over there: mate,
// stalemate or a third repetition.
func (e *xengine) claim(pos *chess.Position) {
	switch {
	case pos.Status() == chess.Checkmate && pos.Turn() == chess.Black:
		e.send("1-0 {White mates}")
	case pos.Status() == chess.Checkmate:
		e.send("0-1 {Black mates}")
	case pos.Status() == chess.Stalemate:
		e.send("1/2-1/2 {Stalemate}")
	case e.seen[repetitionKey(pos)] >= 3:
		e.send("1/2-1/2 {Draw by repetition}")
	}
}

// flood prints cfg.flood thinking lines, some of them over 100 KB.
func (e *xengine) flood() {
	for i := range e.cfg.flood {
		switch {
		case i%5000 == 2500:
			fmt.Fprintf(e.out, "2 0 1 %d%s\n", i, strings.Repeat(" a2a3 a7a6", 12<<10))
		case i%1000 == 0:
			fmt.Fprintf(e.out, "# flood line %d of %d\n", i, e.cfg.flood)
		default:
			fmt.Fprintf(e.out, "%d %d %d %d a2a3\n", 1+i%30, i%200-100, i, i)
		}
	}
	e.out.Flush()
}
