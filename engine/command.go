package engine

import (
	"time"

	"github.com/autoplay/autoplay/protocol"
)

// CommandKind says what a GUI asked of the engine, whatever protocol said it.
type CommandKind uint8

// Commands the core understands. A protocol adapter maps its own words onto
// these; anything else becomes CmdNone and is ignored.
const (
	CmdNone      CommandKind = iota
	CmdHello                 // identify yourself and list options (UCI "uci")
	CmdIsReady               // answer at once, echoing N (UCI "isready", XBoard "ping N")
	CmdSetOption             // set option Name to Value
	CmdNewGame               // forget the last game (UCI "ucinewgame")
	CmdPosition              // set the position: FEN ("" = start) and Moves
	CmdGo                    // start thinking with Go's limits
	CmdStop                  // stop thinking and answer
	CmdPonderHit             // the pondered move was played
	CmdQuit                  // stop and exit
	CmdReport                // pass Reply on to the GUI unchanged (an adapter's own answer)
)

// GoLimits is a "go" request before its moves are resolved in a position.
type GoLimits struct {
	WTime, BTime, WInc, BInc time.Duration
	MovesToGo                int
	MoveTime                 time.Duration
	Nodes                    uint64
	Depth                    int
	Mate                     int
	Infinite, Ponder         bool
	SearchMoves              []protocol.Move
}

// Command is one parsed request from the GUI.
type Command struct {
	Kind        CommandKind
	Name, Value string // CmdSetOption
	FEN         string // CmdPosition; "" is the start position
	Moves       []protocol.Move
	Go          GoLimits
	N           int   // CmdIsReady: the ping number to echo
	Reply       Reply // CmdReport
}

// ReplyKind says what the engine tells the GUI.
type ReplyKind uint8

// Replies the core sends; an adapter writes each in its protocol.
const (
	ReplyID             ReplyKind = iota // Name, Author, Options: answer to CmdHello
	ReplyReady                           // answer to CmdIsReady
	ReplyInfo                            // search progress in Info
	ReplyBestMove                        // Best (zero when there is no legal move) and Ponder
	ReplyString                          // free text in Text, e.g. an error
	ReplyIllegalMove                     // the GUI's move Text was rejected for reason Name
	ReplyUnknownCommand                  // the GUI's line Text was not understood
)

// OptionKind is the type of an engine option.
type OptionKind uint8

// Option kinds.
const (
	OptionSpin OptionKind = iota
	OptionCheck
	OptionString
	OptionButton
)

// Option declares one engine option.
type Option struct {
	Name     string
	Kind     OptionKind
	Default  string
	Min, Max int
}

// Reply is one message from the engine to the GUI.
type Reply struct {
	Kind         ReplyKind
	Name, Author string
	Options      []Option
	Info         protocol.Info
	Best, Ponder protocol.Move
	Text         string
	N            int // ReplyReady: the ping number
}

// Protocol turns lines into commands and replies into lines: a new protocol
// is a new implementation of this, the core stays the same.
type Protocol interface {
	// ParseLine reads one input line and appends the commands it means to
	// dst (none for lines to ignore; XBoard's usermove may mean a position
	// and a go).
	ParseLine(line string, dst []Command) ([]Command, error)
	// AppendReply writes r as protocol text, newline included, to dst.
	AppendReply(dst []byte, r *Reply) []byte
}
