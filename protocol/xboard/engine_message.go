package xboard

import (
	"bytes"
	"fmt"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/scan"
)

// Kind says which engine-to-GUI message a line carried.
type Kind uint8

// Engine message kinds.
const (
	KindUnknown     Kind = iota // anything else, including GNU Chess's "1. e2e4" echo and "My move is : X"
	KindFeature                 // "feature name=value ..."
	KindMove                    // "move X", or the old "N. ... X"
	KindThinking                // "ply score time nodes pv"
	KindPVMore                  // a PV continued on a line starting with four spaces
	KindPong                    // "pong N"
	KindIllegalMove             // "Illegal move: X", "Illegal move (reason): X", GNU Chess's "Invalid move: X"
	KindError                   // "Error (type): command"
	KindResult                  // "1-0 {White mates}", "0-1 {...}", "1/2-1/2 {...}", "* {...}"
	KindResign                  // "resign"
	KindOfferDraw               // "offer draw"
	KindTell                    // tellics, tellicsnoalias, telluser, tellusererror, tellopponent, tellothers, tellall
	KindAskUser                 // "askuser REPTAG message"
	KindComment                 // "# comment"
	KindHint                    // "Hint: X"
)

var kindNames = [...]string{"unknown", "feature", "move", "thinking", "pv continued", "pong", "illegal move", "error",
	"result", "resign", "offer draw", "tell", "askuser", "comment", "hint"}

// String names the kind, for logs.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Game results as engines claim them and as "result" sends them.
const (
	WhiteWins  = "1-0"
	BlackWins  = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// EngineMessage is one parsed line of engine output. Reuse it from line to
// line: parsing keeps the capacity of Info.PV and Features.
type EngineMessage struct {
	Kind Kind
	Move MoveText      // KindMove, KindHint; KindIllegalMove: the first word rejected
	Info protocol.Info // KindThinking; Info.PV holds the PV's leading coordinate moves
	// PVText is the PV as sent (KindThinking, KindPVMore), SAN or not. It
	// aliases the parsed line: valid only until the caller reuses that
	// buffer, so copy it to keep it.
	PVText   []byte
	Features []Feature // KindFeature, in line order
	Number   int       // KindPong
	Result   string    // KindResult: WhiteWins, BlackWins, Draw or Unfinished
	Command  string    // KindTell: which tell ("telluser"); KindAskUser: the REPTAG
	Reason   string    // KindIllegalMove: the reason in parentheses; KindError: the error type
	// Text is the free text: the comment in braces (KindResult), what was
	// rejected (KindIllegalMove, KindError), the message (KindTell,
	// KindAskUser, KindComment).
	Text string
}

func (m *EngineMessage) reset() {
	pv := m.Info.PV[:0]
	fs := m.Features[:0]
	*m = EngineMessage{}
	m.Info.PV = pv
	m.Features = fs
}

var tellCommands = [...]string{"tellics", "tellicsnoalias", "telluser", "tellusererror", "tellopponent", "tellothers", "tellall"}

// ParseEngineLine parses one line of engine output (without its newline; a
// trailing \r and runs of spaces or tabs are tolerated) into msg. Lines the
// protocol does not define give KindUnknown and no error. Move and thinking
// lines do not allocate.
func ParseEngineLine(line []byte, msg *EngineMessage) error {
	msg.reset()
	if len(line) >= 4 && string(line[:4]) == "    " {
		// A PV continued, unless it is thinking output aligned to the right.
		sc := scan.Scanner{S: line}
		if pv, ok := parseThinking(&sc, &msg.Info); ok {
			msg.Kind, msg.PVText = KindThinking, pv
			return nil
		}
		msg.Info.Reset()
		msg.Kind, msg.PVText = KindPVMore, scan.TrimRight(bytes.TrimLeft(line, " \t"))
		return nil
	}
	sc := scan.Scanner{S: line}
	first := sc.Next()
	if len(first) > 0 && first[0] == '#' {
		msg.Kind = KindComment
		msg.Text = string(bytes.TrimLeft(scan.TrimRight(bytes.TrimLeft(line, " \t"))[1:], " \t"))
		return nil
	}
	switch string(first) {
	case "move":
		msg.Kind = KindMove
		return readMove(sc.Next(), msg, "move")
	case "feature":
		msg.Kind = KindFeature
		var err error
		msg.Features, err = parseFeatures(&sc, msg.Features)
		return err
	case "pong":
		msg.Kind = KindPong
		tok := sc.Next()
		n, ok := scan.Atoi(tok)
		if !ok {
			return fmt.Errorf("pong: bad number %q", tok)
		}
		msg.Number = n
		return nil
	case "Illegal", "Invalid":
		return parseIllegalMove(&sc, msg)
	case "Error":
		return parseError(&sc, msg)
	case WhiteWins, BlackWins, Draw, Unfinished:
		msg.Kind = KindResult
		msg.Result = resultConst(first)
		msg.Text = string(braced(sc.Rest()))
		return nil
	case "resign":
		msg.Kind = KindResign
		return nil
	case "offer":
		if string(sc.Next()) == "draw" {
			msg.Kind = KindOfferDraw
		}
		return nil
	case "askuser":
		msg.Kind = KindAskUser
		msg.Command = string(sc.Next())
		msg.Text = string(sc.Rest())
		return nil
	case "Hint:":
		msg.Kind = KindHint
		return readMove(sc.Next(), msg, "hint")
	}
	for _, tell := range tellCommands {
		if string(first) == tell {
			msg.Kind = KindTell
			msg.Command = tell
			msg.Text = string(sc.Rest())
			return nil
		}
	}
	// "12. ... e2e4" is protocol 1's move; "12. e2e4" only echoes ours.
	if string(sc.Peek()) == "..." {
		sc.Next()
		if tok := sc.Next(); tok != nil {
			msg.Kind = KindMove
			return readMove(tok, msg, "move")
		}
		return nil
	}
	sc.I = 0
	if pv, ok := parseThinking(&sc, &msg.Info); ok {
		msg.Kind, msg.PVText = KindThinking, pv
	}
	return nil
}

func resultConst(tok []byte) string {
	switch string(tok) {
	case WhiteWins:
		return WhiteWins
	case BlackWins:
		return BlackWins
	case Draw:
		return Draw
	}
	return Unfinished
}

// braced returns the text inside {...}, or the whole text if unbraced.
func braced(b []byte) []byte {
	if len(b) > 0 && b[0] == '{' {
		b = b[1:]
		if i := bytes.LastIndexByte(b, '}'); i >= 0 {
			b = b[:i]
		}
	}
	return bytes.TrimSpace(b)
}

// MoveError reports a move line whose move is missing or too long to be one;
// the runner turns it into "makes an illegal move: TOKEN".
type MoveError struct {
	Command string // "move" or "hint"
	Token   string // as sent; "" when missing
}

// Error says which command carried which bad move.
func (e *MoveError) Error() string {
	if e.Token == "" {
		return e.Command + ": missing move"
	}
	return fmt.Sprintf("%s: bad move %q", e.Command, e.Token)
}

var errMissingMove = &MoveError{Command: "move"}

func readMove(tok []byte, msg *EngineMessage, cmd string) error {
	m, ok := newMoveText(tok)
	if !ok {
		if tok == nil && cmd == "move" {
			return errMissingMove // no allocation for the common mistake
		}
		return &MoveError{Command: cmd, Token: string(tok)}
	}
	msg.Move = m
	return nil
}

// parseIllegalMove reads "Illegal move: X", "Illegal move (reason): X" and
// "Illegal move:X" (Fairy-Max leaves out the space).
func parseIllegalMove(sc *scan.Scanner, msg *EngineMessage) error {
	rest := sc.Rest()
	if !bytes.HasPrefix(rest, []byte("move")) {
		return nil
	}
	rest = bytes.TrimLeft(rest[len("move"):], " \t")
	if len(rest) > 0 && rest[0] == '(' {
		end := bytes.IndexByte(rest, ')')
		if end < 0 {
			return nil
		}
		msg.Reason = string(rest[1:end])
		rest = rest[end+1:]
	}
	if len(rest) == 0 || rest[0] != ':' {
		msg.Reason = ""
		return nil
	}
	msg.Kind = KindIllegalMove
	rest = bytes.TrimLeft(rest[1:], " \t")
	msg.Text = string(rest)
	word := scan.Scanner{S: rest}
	msg.Move, _ = newMoveText(word.Next())
	return nil
}

// parseError reads "Error (type): command".
func parseError(sc *scan.Scanner, msg *EngineMessage) error {
	rest := sc.Rest()
	if len(rest) == 0 || rest[0] != '(' {
		return nil
	}
	end := bytes.IndexByte(rest, ')')
	if end < 0 {
		return nil
	}
	msg.Kind = KindError
	msg.Reason = string(rest[1:end])
	rest = rest[end+1:]
	if len(rest) > 0 && rest[0] == ':' {
		rest = rest[1:]
	}
	msg.Text = string(bytes.TrimSpace(rest))
	return nil
}
