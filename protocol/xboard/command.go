package xboard

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// CommandKind says which GUI-to-engine command a line carried.
type CommandKind uint8

// Command kinds; the comment is the command's text.
const (
	CmdUnknown   CommandKind = iota // none of the below; answer "Error (unknown command): ..."
	CmdXboard                       // xboard
	CmdProtover                     // protover N
	CmdAccepted                     // accepted FEATURE
	CmdRejected                     // rejected FEATURE
	CmdNew                          // new
	CmdVariant                      // variant NAME
	CmdQuit                         // quit
	CmdForce                        // force
	CmdGo                           // go
	CmdPlayOther                    // playother
	CmdWhite                        // white (obsolete)
	CmdBlack                        // black (obsolete)
	CmdLevel                        // level MOVES MIN[:SEC] INC
	CmdSt                           // st SECONDS
	CmdSd                           // sd DEPTH
	CmdNps                          // nps NODES
	CmdTime                         // time CENTISECONDS (the engine's clock)
	CmdOtim                         // otim CENTISECONDS (the opponent's clock)
	CmdUserMove                     // usermove MOVE, or a bare MOVE
	CmdMoveNow                      // ?
	CmdPing                         // ping N
	CmdDraw                         // draw
	CmdResult                       // result RESULT {COMMENT}
	CmdSetboard                     // setboard FEN
	CmdEdit                         // edit
	CmdHint                         // hint
	CmdBk                           // bk
	CmdUndo                         // undo
	CmdRemove                       // remove
	CmdHard                         // hard (ponder)
	CmdEasy                         // easy (do not ponder)
	CmdPost                         // post (send thinking output)
	CmdNopost                       // nopost
	CmdAnalyze                      // analyze
	CmdExit                         // exit (leave analyze mode)
	CmdName                         // name OPPONENT
	CmdRating                       // rating MINE THEIRS
	CmdComputer                     // computer
	CmdRandom                       // random
	CmdMemory                       // memory MEGABYTES
	CmdCores                        // cores N
	CmdEgtPath                      // egtpath TYPE PATH
	CmdOption                       // option NAME[=VALUE]
)

var commandNames = [...]string{"unknown", "xboard", "protover", "accepted", "rejected", "new", "variant", "quit",
	"force", "go", "playother", "white", "black", "level", "st", "sd", "nps", "time", "otim", "usermove", "?",
	"ping", "draw", "result", "setboard", "edit", "hint", "bk", "undo", "remove", "hard", "easy", "post", "nopost",
	"analyze", "exit", "name", "rating", "computer", "random", "memory", "cores", "egtpath", "option"}

// String returns the command's text, for logs.
func (k CommandKind) String() string {
	if int(k) < len(commandNames) {
		return commandNames[k]
	}
	return "unknown"
}

// Command is one parsed GUI-to-engine line, for the built-in engine.
type Command struct {
	Kind  CommandKind
	Move  protocol.Move // CmdUserMove
	N     int           // CmdProtover, CmdPing, CmdSd, CmdNps, CmdMemory (MB), CmdCores
	Time  time.Duration // CmdTime, CmdOtim, CmdSt; may be negative for an overrun clock
	Level Level         // CmdLevel
	FEN   string        // CmdSetboard
	// Name is the feature (CmdAccepted, CmdRejected), option (CmdOption),
	// variant (CmdVariant), result (CmdResult) or opponent (CmdName).
	Name string
	// Value is the option's value (CmdOption; see HasValue), the result's
	// comment without braces (CmdResult), or the arguments of CmdRating and
	// CmdEgtPath.
	Value    string
	HasValue bool // CmdOption: "NAME=VALUE" rather than a bare button "NAME"
}

// ParseCommand parses one line a GUI sent to an engine. A line that is a
// coordinate move alone is CmdUserMove. A line with no known command gives
// CmdUnknown and no error. Errors name the command and what was wrong:
// `usermove: bad move "e9e4"`.
func ParseCommand(line string) (Command, error) {
	var c Command
	line = strings.TrimSpace(line)
	word, rest := line, ""
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		word, rest = line[:i], strings.TrimSpace(line[i+1:])
	}
	for k, name := range commandNames[1:] {
		if word == name {
			c.Kind = CommandKind(k + 1)
		}
	}
	var err error
	switch c.Kind {
	case CmdUnknown:
		if m, ok := protocol.ParseMove([]byte(line)); ok {
			c.Kind, c.Move = CmdUserMove, m
		}
	case CmdUserMove:
		m, ok := protocol.ParseMove([]byte(rest))
		if !ok {
			return c, &MoveError{Command: "usermove", Token: rest}
		}
		c.Move = m
	case CmdProtover, CmdPing, CmdSd, CmdNps, CmdMemory, CmdCores:
		c.N, err = strconv.Atoi(rest)
		if err != nil || (c.N < 0 && c.Kind != CmdPing) {
			return c, fmt.Errorf("%s: bad number %q", word, rest)
		}
	case CmdTime, CmdOtim:
		cs, err := strconv.Atoi(rest)
		if err != nil || cs > 1<<40 || cs < -1<<40 {
			return c, fmt.Errorf("%s: bad centiseconds %q", word, rest)
		}
		c.Time = time.Duration(cs) * 10 * time.Millisecond
	case CmdSt:
		if c.Time, err = parseSeconds(rest); err != nil {
			return c, fmt.Errorf("st: bad seconds %q", rest)
		}
	case CmdLevel:
		c.Level, err = parseLevel(strings.Fields(rest))
	case CmdSetboard:
		c.FEN = strings.Join(strings.Fields(rest), " ")
		if c.FEN == "" {
			return c, fmt.Errorf("setboard: missing FEN")
		}
	case CmdAccepted, CmdRejected, CmdVariant, CmdName:
		c.Name = rest
	case CmdRating, CmdEgtPath:
		c.Value = rest
	case CmdOption:
		c.Name, c.Value, c.HasValue = strings.Cut(rest, "=")
		if c.Name == "" {
			return c, fmt.Errorf("option: missing name")
		}
	case CmdResult:
		result, comment, _ := strings.Cut(rest, " ")
		switch result {
		case WhiteWins, BlackWins, Draw, Unfinished:
		default:
			return c, fmt.Errorf("result: bad result %q", result)
		}
		c.Name = result
		c.Value = string(braced([]byte(strings.TrimSpace(comment))))
	}
	return c, err
}
