package engine

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/xboard"
)

// XBoard is the Protocol adapter for XBoard protocol 2 (CECP). XBoard leaves
// the game to the engine, so the adapter keeps it: the moves so far, force
// mode, the engine's color and the clocks; it turns them into the core's
// position and go commands. Use NewXBoard.
type XBoard struct {
	mu         sync.Mutex
	game       *chess.Position
	startFEN   string
	moves      []protocol.Move
	force      bool
	engineSide chess.Color
	post       bool
	level      xboard.Level
	st         time.Duration
	sd         int
	myTime     time.Duration
	oppTime    time.Duration
	// Searches are counted: the core answers every go with exactly one
	// best move, in order, so the n-th best move answers the n-th go. Only
	// the answer to go number wanted is played; 0 wants none.
	gos, answered, wanted int
}

// NewXBoard returns an adapter for a new game with the engine playing black.
func NewXBoard() *XBoard {
	return &XBoard{game: chess.NewPosition(), startFEN: chess.StartFEN, engineSide: chess.Black, post: true}
}

// ParseLine implements Protocol.
func (x *XBoard) ParseLine(line string, dst []Command) ([]Command, error) {
	c, err := xboard.ParseCommand(line)
	if err != nil {
		return dst, err
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	switch c.Kind {
	case xboard.CmdUnknown:
		if strings.TrimSpace(line) == "" {
			return dst, nil
		}
		return append(dst, report(Reply{Kind: ReplyUnknownCommand, Text: strings.TrimSpace(line)})), nil
	case xboard.CmdProtover:
		dst = append(dst, Command{Kind: CmdHello})
	case xboard.CmdNew:
		x.wanted = 0
		x.game, x.startFEN, x.moves = chess.NewPosition(), chess.StartFEN, x.moves[:0]
		x.force, x.engineSide, x.st, x.sd = false, chess.Black, 0, 0
		// A new game is standard chess until a variant command says otherwise.
		dst = append(dst, Command{Kind: CmdStop}, Command{Kind: CmdNewGame},
			Command{Kind: CmdSetOption, Name: "UCI_Chess960", Value: "false"}, x.position())
	case xboard.CmdVariant:
		switch c.Name {
		case "fischerandom":
			// Castling moves go out king-takes-rook; in, any form is read.
			dst = append(dst, Command{Kind: CmdSetOption, Name: "UCI_Chess960", Value: "true"})
		case "normal":
			dst = append(dst, Command{Kind: CmdSetOption, Name: "UCI_Chess960", Value: "false"})
		default:
			return append(dst, report(Reply{Kind: ReplyUnknownCommand, Text: strings.TrimSpace(line)})), nil
		}
	case xboard.CmdQuit:
		dst = append(dst, Command{Kind: CmdQuit})
	case xboard.CmdForce, xboard.CmdResult:
		x.force, x.wanted = true, 0
		dst = append(dst, Command{Kind: CmdStop})
	case xboard.CmdGo:
		x.force = false
		x.engineSide = x.game.SideToMove()
		dst = x.think(dst)
	case xboard.CmdPlayOther:
		x.force = false
		x.engineSide = x.game.SideToMove().Other()
	case xboard.CmdWhite, xboard.CmdBlack:
		// Obsolete: set the side to move, the engine plays the other.
	case xboard.CmdLevel:
		x.level, x.st = c.Level, 0
	case xboard.CmdSt:
		x.st = c.Time
	case xboard.CmdSd:
		x.sd = c.N
	case xboard.CmdTime:
		x.myTime = c.Time
	case xboard.CmdOtim:
		x.oppTime = c.Time
	case xboard.CmdUserMove:
		m, ok := x.game.FromProtocol(c.Move)
		if !ok {
			return append(dst, report(Reply{Kind: ReplyIllegalMove, Text: c.Move.String()})), nil
		}
		x.game.MakeMove(m)
		x.moves = append(x.moves, c.Move)
		dst = append(dst, x.position())
		if !x.force && x.game.SideToMove() == x.engineSide && x.game.Status() == chess.Ongoing {
			dst = x.think(dst)
		}
	case xboard.CmdMoveNow:
		dst = append(dst, Command{Kind: CmdStop})
	case xboard.CmdPing:
		dst = append(dst, Command{Kind: CmdIsReady, N: c.N})
	case xboard.CmdSetboard:
		p, err := chess.ParseFEN(c.FEN)
		if err != nil {
			return append(dst, report(Reply{Kind: ReplyString, Text: "tellusererror Illegal position: " + err.Error()})), nil
		}
		x.wanted = 0
		x.game, x.startFEN, x.moves = p, c.FEN, x.moves[:0]
		dst = append(dst, Command{Kind: CmdStop}, x.position())
	case xboard.CmdUndo, xboard.CmdRemove:
		n := 1
		if c.Kind == xboard.CmdRemove {
			n = 2
		}
		if n > len(x.moves) {
			return append(dst, report(Reply{Kind: ReplyUnknownCommand, Text: c.Kind.String() + ": no move to take back"})), nil
		}
		x.wanted = 0
		for i := 0; i < n; i++ {
			x.game.UnmakeMove()
		}
		x.moves = x.moves[:len(x.moves)-n]
		dst = append(dst, Command{Kind: CmdStop}, x.position())
	case xboard.CmdPost:
		x.post = true
	case xboard.CmdNopost:
		x.post = false
	case xboard.CmdMemory:
		dst = append(dst, Command{Kind: CmdSetOption, Name: "Hash", Value: strconv.Itoa(max(c.N, 1))})
	case xboard.CmdEgtPath:
		// "egtpath syzygy DIR[:DIR]": the tables the search uses.
		if kind, path, ok := strings.Cut(strings.TrimSpace(c.Value), " "); ok && kind == "syzygy" {
			dst = append(dst, Command{Kind: CmdSetOption, Name: "SyzygyPath", Value: strings.TrimSpace(path)})
		}
	case xboard.CmdOption:
		dst = append(dst, Command{Kind: CmdSetOption, Name: c.Name, Value: c.Value})
	case xboard.CmdAnalyze, xboard.CmdEdit:
		return append(dst, report(Reply{Kind: ReplyUnknownCommand, Text: c.Kind.String()})), nil
	}
	return dst, nil
}

func report(r Reply) Command { return Command{Kind: CmdReport, Reply: r} }

// position returns the core command for the game so far. Call with mu held.
func (x *XBoard) position() Command {
	fen := x.startFEN
	if fen == chess.StartFEN {
		fen = ""
	}
	return Command{Kind: CmdPosition, FEN: fen, Moves: append([]protocol.Move(nil), x.moves...)}
}

// think appends a go for the engine's side with the clock as XBoard set it.
// Call with mu held.
func (x *XBoard) think(dst []Command) []Command {
	g := GoLimits{Depth: x.sd}
	switch {
	case x.st > 0:
		g.MoveTime = x.st
	case x.myTime > 0 || x.level.Base > 0:
		my, opp := x.myTime, x.oppTime
		if my == 0 {
			my, opp = x.level.Base, x.level.Base
		}
		if x.engineSide == chess.White {
			g.WTime, g.BTime, g.WInc, g.BInc = my, opp, x.level.Inc, x.level.Inc
		} else {
			g.BTime, g.WTime, g.BInc, g.WInc = my, opp, x.level.Inc, x.level.Inc
		}
		if x.level.Moves > 0 {
			played := (x.game.FullmoveNumber() - 1) % x.level.Moves
			g.MovesToGo = x.level.Moves - played
		}
	}
	x.gos++
	x.wanted = x.gos
	return append(dst, Command{Kind: CmdGo, Go: g})
}

// AppendReply implements Protocol. The engine's best move is also played in
// the adapter's game, and a finished game is claimed.
func (x *XBoard) AppendReply(dst []byte, r *Reply) []byte {
	x.mu.Lock()
	defer x.mu.Unlock()
	switch r.Kind {
	case ReplyID:
		dst = xboard.AppendFeatures(dst, xboard.Feature{Name: "done", Value: "0"})
		// The strength ladder, as options an XBoard GUI shows.
		dst = xboard.AppendFeatures(dst, xboard.Feature{Name: "option", Value: "UCI_LimitStrength -check 0"})
		dst = xboard.AppendFeatures(dst, xboard.Feature{Name: "option", Value: fmt.Sprintf("UCI_Elo -spin %d %d %d", MaxElo, MinElo, MaxElo)})
		dst = xboard.AppendFeatures(dst,
			xboard.Feature{Name: "myname", Value: r.Name},
			xboard.Feature{Name: "ping", Value: "1"},
			xboard.Feature{Name: "setboard", Value: "1"},
			xboard.Feature{Name: "usermove", Value: "1"},
			xboard.Feature{Name: "sigint", Value: "0"},
			xboard.Feature{Name: "sigterm", Value: "0"},
			xboard.Feature{Name: "reuse", Value: "1"},
			xboard.Feature{Name: "analyze", Value: "0"},
			xboard.Feature{Name: "colors", Value: "0"},
			xboard.Feature{Name: "memory", Value: "1"},
			xboard.Feature{Name: "variants", Value: "normal,fischerandom"},
			xboard.Feature{Name: "egt", Value: "syzygy"},
			xboard.Feature{Name: "done", Value: "1"})
	case ReplyReady:
		dst = xboard.AppendPong(dst, r.N)
	case ReplyInfo:
		if x.post {
			dst = xboard.AppendThinking(dst, &r.Info)
		}
	case ReplyBestMove:
		x.answered++
		if x.answered != x.wanted || r.Best.IsZero() {
			break // stopped by force, new, undo or result: no move is wanted
		}
		m, ok := x.game.FromProtocol(r.Best)
		if !ok {
			return xboard.AppendComment(dst, "internal error: illegal best move "+r.Best.String())
		}
		x.game.MakeMove(m)
		x.moves = append(x.moves, r.Best)
		dst = xboard.AppendMove(dst, r.Best)
		dst = x.appendClaim(dst)
	case ReplyIllegalMove:
		dst = xboard.AppendIllegalMove(dst, r.Name, r.Text)
	case ReplyUnknownCommand:
		dst = xboard.AppendError(dst, "unknown command", r.Text)
	case ReplyString:
		if strings.HasPrefix(r.Text, "tellusererror ") {
			dst = append(append(dst, r.Text...), '\n')
		} else {
			dst = xboard.AppendComment(dst, r.Text)
		}
	}
	return dst
}

// appendClaim claims the result when the engine's move ended the game.
func (x *XBoard) appendClaim(dst []byte) []byte {
	st := x.game.Status()
	switch st {
	case chess.Ongoing:
		return dst
	case chess.Checkmate:
		if x.game.SideToMove() == chess.Black {
			return xboard.AppendResultClaim(dst, "1-0", "White mates")
		}
		return xboard.AppendResultClaim(dst, "0-1", "Black mates")
	}
	return xboard.AppendResultClaim(dst, "1/2-1/2", fmt.Sprint(st))
}
