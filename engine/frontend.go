package engine

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/engine/syzygy"
	"github.com/autoplay/autoplay/protocol"
)

// Name and Author identify the engine to GUIs.
const (
	Name   = "autoplay 0.1"
	Author = "the autoplay authors"
)

var engineOptions = []Option{
	{Name: "Hash", Kind: OptionSpin, Default: "16", Min: 1, Max: 4096},
	{Name: "Threads", Kind: OptionSpin, Default: "1", Min: 1, Max: 1},
	{Name: "Move Overhead", Kind: OptionSpin, Default: "20", Min: 0, Max: 5000},
	{Name: "Ponder", Kind: OptionCheck, Default: "false"},
	{Name: "UCI_Chess960", Kind: OptionCheck, Default: "false"},
	{Name: "Clear Hash", Kind: OptionButton},
	{Name: "OwnBook", Kind: OptionCheck, Default: "false"},
	{Name: "BookFile", Kind: OptionString, Default: ""},
	{Name: "BookDepth", Kind: OptionSpin, Default: "16", Min: 1, Max: 200},
	{Name: "SyzygyPath", Kind: OptionString, Default: "<empty>"},
	{Name: "UCI_LimitStrength", Kind: OptionCheck, Default: "false"},
	{Name: "UCI_Elo", Kind: OptionSpin, Default: strconv.Itoa(MaxElo), Min: MinElo, Max: MaxElo},
}

// Run plays the engine over in and out in protocol proto until quit or the
// end of in. One goroutine reads and parses lines, the core (this goroutine)
// acts on commands, one goroutine writes replies. The reader goroutine ends
// when in does (Run cannot interrupt a blocked Read).
func Run(in io.Reader, out io.Writer, proto Protocol) error {
	cmds := make(chan Command)
	quit := make(chan struct{})
	defer close(quit)
	replies := make(chan Reply, 64)
	writeErr := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(out)
		var buf []byte
		var err error
		for r := range replies {
			buf = proto.AppendReply(buf[:0], &r)
			if err == nil {
				if _, err = w.Write(buf); err == nil && len(replies) == 0 {
					err = w.Flush()
				}
			}
		}
		if err == nil {
			err = w.Flush()
		}
		writeErr <- err
	}()
	send := func(r Reply) { replies <- r }
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		var batch []Command
		for sc.Scan() {
			var err error
			batch, err = proto.ParseLine(sc.Text(), batch[:0])
			if err != nil {
				batch = append(batch, Command{Kind: CmdNone, Value: err.Error()})
			}
			for _, c := range batch {
				select {
				case cmds <- c:
				case <-quit:
					return
				}
			}
		}
		select {
		case cmds <- Command{Kind: CmdQuit}:
		case <-quit:
		}
	}()

	c := newCore(send)
	c.loop(cmds)
	close(replies)
	return <-writeErr
}

// core holds the engine's state between commands.
type core struct {
	pos       *chess.Position
	chess960  bool
	thinker   thinker
	pending   []Command // option changes waiting for the search to end
	ownBook   bool
	bookFile  string
	bookDepth int
	book      *Book
	send      func(Reply)
	// UCI_LimitStrength and UCI_Elo, applied together (either may come first).
	limitStrength bool
	elo           int
}

func newCore(send func(Reply)) *core {
	s := NewSearcher(16)
	c := &core{pos: chess.NewPosition(), send: send, bookDepth: 16, elo: MaxElo}
	c.thinker = thinker{searcher: s, send: send}
	s.OnInfo = func(in *protocol.Info) {
		r := Reply{Kind: ReplyInfo, Info: *in}
		r.Info.PV = append([]protocol.Move(nil), in.PV...)
		send(r)
	}
	return c
}

func (c *core) loop(cmds <-chan Command) {
	for {
		select {
		case <-c.thinker.finished():
			// The search ended on its own: that is its stop.
			c.thinker.transition(evStop, nil, Limits{})
			c.applyPending()
		case cmd := <-cmds:
			if !c.handle(cmd) {
				return
			}
		}
	}
}

// handle acts on one command; it returns false on quit.
func (c *core) handle(cmd Command) bool {
	switch cmd.Kind {
	case CmdNone:
		if cmd.Value != "" {
			c.send(Reply{Kind: ReplyString, Text: "error: " + cmd.Value})
		}
	case CmdHello:
		c.send(Reply{Kind: ReplyID, Name: Name, Author: Author, Options: engineOptions})
	case CmdIsReady:
		// A GUI waits for readyok before its first go: the tables' fresh
		// memory is written now rather than during that search.
		if c.thinker.state == waiting {
			c.thinker.searcher.Warm()
		}
		c.send(Reply{Kind: ReplyReady, N: cmd.N})
	case CmdReport:
		c.send(cmd.Reply)
	case CmdSetOption, CmdNewGame:
		c.pending = append(c.pending, cmd)
		if c.thinker.state == waiting {
			c.applyPending()
		}
	case CmdPosition:
		c.setPosition(cmd)
	case CmdGo:
		// The last search may have sent its bestmove without the loop having
		// seen it finish yet: end it first, so that options set since then
		// apply to this search.
		c.thinker.transition(evStop, nil, Limits{})
		c.applyPending()
		lim := Limits{
			WTime: cmd.Go.WTime, BTime: cmd.Go.BTime, WInc: cmd.Go.WInc, BInc: cmd.Go.BInc,
			MovesToGo: cmd.Go.MovesToGo, MoveTime: cmd.Go.MoveTime, Nodes: cmd.Go.Nodes,
			Depth: cmd.Go.Depth, Mate: cmd.Go.Mate, Infinite: cmd.Go.Infinite, Ponder: cmd.Go.Ponder,
			SearchMoves: protocolMoves(c.pos, cmd.Go.SearchMoves),
		}
		c.thinker.transition(evGo, c.pos, lim)
	case CmdStop:
		c.thinker.transition(evStop, nil, Limits{})
		c.applyPending()
	case CmdPonderHit:
		if c.thinker.state == thinking {
			c.thinker.searcher.PonderHit()
		}
	case CmdQuit:
		c.thinker.transition(evStop, nil, Limits{})
		return false
	}
	return true
}

// setTablebases opens the Syzygy tables of path (dirs separated by ':')
// for the searcher; "" or "<empty>" turns them off.
func (c *core) setTablebases(path string) {
	s := c.thinker.searcher
	if s.TB != nil {
		s.TB.Close()
		s.TB = nil
	}
	if path == "" || path == "<empty>" {
		return
	}
	tb, err := syzygy.Open(path)
	if err != nil {
		c.send(Reply{Kind: ReplyString, Text: "error: " + err.Error()})
		return
	}
	s.TB = tb
	c.send(Reply{Kind: ReplyString, Text: fmt.Sprintf("tablebases: up to %d pieces", tb.MaxPieces())})
}

// loadBook reads the book file when the book is on and not yet loaded, and
// hands the searcher the book in use (nil when off).
func (c *core) loadBook() {
	s := c.thinker.searcher
	if !c.ownBook || c.bookFile == "" {
		s.Book = nil
		return
	}
	if c.book == nil {
		b, err := LoadBookFile(c.bookFile, c.bookDepth)
		if err != nil {
			c.send(Reply{Kind: ReplyString, Text: "error: " + err.Error()})
			s.Book = nil
			return
		}
		c.book = b
		c.send(Reply{Kind: ReplyString, Text: fmt.Sprintf("book %s: %d positions", c.bookFile, b.Len())})
	}
	s.Book = c.book
}

func (c *core) setPosition(cmd Command) {
	fen := cmd.FEN
	if fen == "" {
		fen = chess.StartFEN
	}
	p, err := chess.ParseFEN(fen)
	if err != nil {
		c.send(Reply{Kind: ReplyString, Text: "error: " + err.Error()})
		return
	}
	// UCI_Chess960 decides the move notation, whatever the FEN looks like.
	p.SetChess960(c.chess960)
	// Like Stockfish, keep the moves before an illegal one.
	c.pos = p
	for i, pm := range cmd.Moves {
		if _, err := p.Play(pm); err != nil {
			c.send(Reply{Kind: ReplyString, Text: fmt.Sprintf("error: position: move %d: %v", i+1, err)})
			return
		}
	}
}

// applyPending applies option changes and new-game resets that arrived
// while a search was running; the searcher is never changed under it.
func (c *core) applyPending() {
	if c.thinker.state != waiting {
		return
	}
	s := c.thinker.searcher
	for _, cmd := range c.pending {
		if cmd.Kind == CmdNewGame {
			s.TT.Clear()
			s.ClearHistory()
			continue
		}
		name, val := strings.ToLower(cmd.Name), strings.TrimSpace(cmd.Value)
		n, numErr := strconv.Atoi(val)
		switch name {
		case "hash":
			if numErr == nil && n >= 1 && n <= 4096 {
				s.TT.Resize(n)
				continue
			}
		case "move overhead":
			if numErr == nil && n >= 0 && n <= 5000 {
				s.Overhead = time.Duration(n) * time.Millisecond
				continue
			}
		case "uci_chess960":
			c.chess960 = strings.EqualFold(val, "true")
			c.pos.SetChess960(c.chess960)
			continue
		case "clear hash":
			s.TT.Clear()
			continue
		case "threads", "ponder":
			continue
		case "ownbook":
			c.ownBook = strings.EqualFold(val, "true")
			c.loadBook()
			continue
		case "bookfile":
			if val == "<empty>" {
				val = ""
			}
			c.bookFile, c.book = val, nil
			c.loadBook()
			continue
		case "syzygypath":
			c.setTablebases(val)
			continue
		case "uci_limitstrength":
			c.limitStrength = strings.EqualFold(val, "true") || val == "1" // XBoard sends a check as 0 or 1
			s.SetStrength(c.limitStrength, c.elo)
			continue
		case "uci_elo":
			if numErr == nil && n >= MinElo && n <= MaxElo {
				c.elo = n
				s.SetStrength(c.limitStrength, c.elo)
				continue
			}
		case "bookdepth":
			if numErr == nil && n >= 1 && n <= 200 {
				c.bookDepth, c.book = n, nil
				c.loadBook()
				continue
			}
		}
		c.send(Reply{Kind: ReplyString, Text: fmt.Sprintf("error: setoption %q value %q not understood", cmd.Name, cmd.Value)})
	}
	c.pending = c.pending[:0]
}
