package engine

import (
	"strconv"

	"github.com/autoplay/autoplay/protocol/uci"
)

// UCI is the Protocol adapter for the Universal Chess Interface.
type UCI struct{}

var uciKinds = [...]CommandKind{
	uci.CmdUnknown:    CmdNone,
	uci.CmdUCI:        CmdHello,
	uci.CmdDebug:      CmdNone,
	uci.CmdIsReady:    CmdIsReady,
	uci.CmdSetOption:  CmdSetOption,
	uci.CmdRegister:   CmdNone,
	uci.CmdUCINewGame: CmdNewGame,
	uci.CmdPosition:   CmdPosition,
	uci.CmdGo:         CmdGo,
	uci.CmdStop:       CmdStop,
	uci.CmdPonderHit:  CmdPonderHit,
	uci.CmdQuit:       CmdQuit,
}

// ParseLine implements Protocol with uci.ParseCommand.
func (UCI) ParseLine(line string, dst []Command) ([]Command, error) {
	c, err := uci.ParseCommand(line)
	if err != nil {
		return dst, err
	}
	if int(c.Kind) >= len(uciKinds) || uciKinds[c.Kind] == CmdNone {
		return dst, nil
	}
	g := c.Go
	return append(dst, Command{
		Kind:  uciKinds[c.Kind],
		Name:  c.Name,
		Value: c.Value,
		FEN:   c.FEN,
		Moves: c.Moves,
		Go: GoLimits{
			WTime: g.WTime, BTime: g.BTime, WInc: g.WInc, BInc: g.BInc,
			MovesToGo: g.MovesToGo, MoveTime: g.MoveTime, Nodes: g.Nodes,
			Depth: g.Depth, Mate: g.Mate, Infinite: g.Infinite, Ponder: g.Ponder,
			SearchMoves: g.SearchMoves,
		},
	}), nil
}

var uciOptionTypes = [...]uci.OptionType{
	OptionSpin:   uci.OptionSpin,
	OptionCheck:  uci.OptionCheck,
	OptionString: uci.OptionString,
	OptionButton: uci.OptionButton,
}

// AppendReply implements Protocol.
func (UCI) AppendReply(dst []byte, r *Reply) []byte {
	switch r.Kind {
	case ReplyID:
		dst = append(append(append(dst, "id name "...), r.Name...), '\n')
		dst = append(append(append(dst, "id author "...), r.Author...), '\n')
		for _, o := range r.Options {
			dst = uci.AppendOptionDecl(dst, &uci.OptionDecl{
				Name: o.Name, Type: uciOptionTypes[o.Kind], Default: o.Default, Min: o.Min, Max: o.Max,
			})
		}
		dst = append(dst, "uciok\n"...)
	case ReplyReady:
		dst = append(dst, "readyok\n"...)
	case ReplyInfo:
		dst = uci.AppendInfo(dst, &r.Info)
	case ReplyBestMove:
		dst = uci.AppendBestMove(dst, r.Best, r.Ponder)
	case ReplyString:
		dst = append(append(append(dst, "info string "...), r.Text...), '\n')
	case ReplyIllegalMove:
		dst = append(append(append(dst, "info string error: illegal move "...), r.Text...), '\n')
	case ReplyUnknownCommand:
		dst = append(append(append(dst, "info string error: unknown command "...), r.Text...), '\n')
	default:
		dst = append(dst, "info string unknown reply "...)
		dst = append(strconv.AppendInt(dst, int64(r.Kind), 10), '\n')
	}
	return dst
}
