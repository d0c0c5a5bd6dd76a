package uci

import (
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/scan"
)

// CommandKind says which GUI-to-engine command a line carried.
type CommandKind uint8

// Command kinds.
const (
	CmdUnknown    CommandKind = iota // no known command on the line; ignore it
	CmdUCI                           // "uci"
	CmdDebug                         // "debug on|off"
	CmdIsReady                       // "isready"
	CmdSetOption                     // "setoption name N [value V]"
	CmdRegister                      // "register later|name N code C"
	CmdUCINewGame                    // "ucinewgame"
	CmdPosition                      // "position startpos|fen F [moves ...]"
	CmdGo                            // "go ..."
	CmdStop                          // "stop"
	CmdPonderHit                     // "ponderhit"
	CmdQuit                          // "quit"
)

var commandNames = [...]string{"unknown", "uci", "debug", "isready", "setoption", "register", "ucinewgame", "position", "go", "stop", "ponderhit", "quit"}

// String returns the command keyword, for logs.
func (k CommandKind) String() string {
	if int(k) < len(commandNames) {
		return commandNames[k]
	}
	return "unknown"
}

// Command is one parsed GUI-to-engine line, for the built-in engine.
type Command struct {
	Kind  CommandKind
	Name  string // CmdSetOption: the option name
	Value string // CmdSetOption: the value, "" when absent; CmdRegister: the arguments
	Debug bool   // CmdDebug: "on"
	FEN   string // CmdPosition: "" means the start position
	Moves []protocol.Move
	Go    Go // CmdGo
}

// ParseCommand parses one line a GUI sent to an engine. As the UCI spec asks,
// unknown tokens before a command are skipped ("joho debug on" is "debug
// on"); a line with no known command gives CmdUnknown and no error. Errors
// name the command and what was wrong: `position: bad move "e9e4"`.
func ParseCommand(line string) (Command, error) {
	var c Command
	sc := scan.Scanner{S: []byte(line)}
	for {
		tok := sc.Next()
		if tok == nil {
			return c, nil
		}
		for k, name := range commandNames[1:] {
			if string(tok) == name {
				c.Kind = CommandKind(k + 1)
			}
		}
		if c.Kind != CmdUnknown {
			break
		}
	}
	var err error
	switch c.Kind {
	case CmdDebug:
		switch arg := sc.Next(); string(arg) {
		case "on":
			c.Debug = true
		case "off", "":
		default:
			err = fmt.Errorf("debug: want on or off, got %q", arg)
		}
	case CmdSetOption:
		err = parseSetOption(&sc, &c)
	case CmdRegister:
		c.Value = string(sc.Rest())
	case CmdPosition:
		err = parsePosition(&sc, &c)
	case CmdGo:
		err = parseGo(&sc, &c.Go)
	}
	return c, err
}

func parseSetOption(sc *scan.Scanner, c *Command) error {
	if string(sc.Next()) != "name" {
		return fmt.Errorf("setoption: missing name")
	}
	c.Name = string(sc.UpTo("value"))
	if c.Name == "" {
		return fmt.Errorf("setoption: missing name")
	}
	if sc.Next() != nil { // "value"
		c.Value = string(sc.Rest())
	}
	return nil
}

func parsePosition(sc *scan.Scanner, c *Command) error {
	switch tok := sc.Next(); string(tok) {
	case "startpos":
	case "fen":
		c.FEN = strings.Join(strings.Fields(string(sc.UpTo("moves"))), " ")
		if c.FEN == "" {
			return fmt.Errorf("position: missing FEN")
		}
	default:
		return fmt.Errorf("position: want startpos or fen, got %q", tok)
	}
	switch tok := sc.Next(); string(tok) {
	case "":
		return nil
	case "moves":
	default:
		return fmt.Errorf("position: unexpected %q", tok)
	}
	for tok := sc.Next(); tok != nil; tok = sc.Next() {
		m, ok := parseMove(tok)
		if !ok {
			return &MoveError{Command: "position", Token: string(tok)}
		}
		c.Moves = append(c.Moves, m)
	}
	return nil
}

// AppendCommand appends a command that takes no argument ("uci",
// "isready", "ucinewgame", "stop", "ponderhit", "quit") and a newline.
func AppendCommand(dst []byte, k CommandKind) []byte {
	return append(append(dst, commandNames[k]...), '\n')
}

// AppendPosition appends "position startpos" (fen == "") or "position fen
// FEN", then " moves m1 m2 ..." when there are moves, and a newline.
func AppendPosition(dst []byte, fen string, moves []protocol.Move) []byte {
	return AppendPositionAs(dst, fen, moves, false)
}

// AppendPositionAs is AppendPosition with castling moves written as
// king-takes-rook (e1h1) when kingTakesRook is set, as engines in
// UCI_Chess960 mode read them.
func AppendPositionAs[FEN ~string | ~[]byte](dst []byte, fen FEN, moves []protocol.Move, kingTakesRook bool) []byte {
	if len(fen) == 0 {
		dst = append(dst, "position startpos"...)
	} else {
		dst = append(dst, "position fen "...)
		dst = append(dst, fen...)
	}
	if len(moves) > 0 {
		dst = append(dst, " moves"...)
		for _, m := range moves {
			dst = append(dst, ' ')
			dst = m.AppendAs(dst, kingTakesRook)
		}
	}
	return append(dst, '\n')
}

// AppendSetOption appends "setoption name NAME value VALUE" and a newline;
// an empty value (a button) leaves out " value". To set a string option to
// the empty string, pass "<empty>".
func AppendSetOption(dst []byte, name, value string) []byte {
	dst = append(dst, "setoption name "...)
	dst = append(dst, name...)
	if value != "" {
		dst = append(dst, " value "...)
		dst = append(dst, value...)
	}
	return append(dst, '\n')
}
