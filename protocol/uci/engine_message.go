package uci

import (
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/protocol/internal/scan"
)

// Kind says which engine-to-GUI message a line carried.
type Kind uint8

// Engine message kinds.
const (
	KindUnknown        Kind = iota // a line the protocol does not define; ignore it
	KindID                         // "id name ..." or "id author ..."
	KindUCIOK                      // "uciok"
	KindReadyOK                    // "readyok"
	KindBestMove                   // "bestmove MOVE [ponder MOVE]"
	KindInfo                       // "info ..."
	KindOption                     // "option name ... type ..."
	KindCopyProtection             // "copyprotection checking|ok|error"
	KindRegistration               // "registration checking|ok|error"
)

var kindNames = [...]string{"unknown", "id", "uciok", "readyok", "bestmove", "info", "option", "copyprotection", "registration"}

// String returns the message keyword, for logs.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(?)"
}

// EngineMessage is one parsed line of engine output. It is meant to be reused
// from line to line so that parsing info lines keeps the PV's capacity.
type EngineMessage struct {
	Kind     Kind
	IDField  string        // "name" or "author" (KindID)
	IDValue  string        // the rest of the id line (KindID)
	Status   string        // "checking", "ok" or "error" (KindCopyProtection, KindRegistration)
	BestMove protocol.Move // KindBestMove; zero for "(none)", Null for "0000"
	Ponder   protocol.Move // KindBestMove; zero when absent
	Info     protocol.Info // KindInfo
	Option   OptionDecl    // KindOption

	// lastString is the previous info string, reused when an engine repeats
	// it (as Stockfish does at every move) rather than copied again.
	lastString string
}

// reset clears m for the next line, keeping the PV's capacity.
func (m *EngineMessage) reset() {
	pv, last := m.Info.PV[:0], m.lastString
	*m = EngineMessage{}
	m.Info.PV, m.lastString = pv, last
}

// ParseEngineLine parses one line of engine output (without its newline; a
// trailing \r and any run of spaces or tabs are tolerated) into msg. A line
// the protocol does not define gives KindUnknown and no error. A bestmove
// whose move is missing or malformed gives KindBestMove and a *MoveError
// that carries the token as sent.
func ParseEngineLine(line []byte, msg *EngineMessage) error {
	msg.reset()
	sc := scan.Scanner{S: line}
	switch string(sc.Next()) {
	case "info":
		msg.Kind = KindInfo
		return parseInfo(&sc, &msg.Info, &msg.lastString)
	case "bestmove":
		msg.Kind = KindBestMove
		return parseBestMove(&sc, msg)
	case "id":
		msg.Kind = KindID
		switch field := sc.Next(); string(field) {
		case "name":
			msg.IDField = "name"
		case "author":
			msg.IDField = "author"
		default:
			msg.IDField = string(field)
		}
		msg.IDValue = string(sc.Rest())
	case "uciok":
		msg.Kind = KindUCIOK
	case "readyok":
		msg.Kind = KindReadyOK
	case "option":
		msg.Kind = KindOption
		return parseOptionDecl(&sc, &msg.Option)
	case "copyprotection":
		msg.Kind = KindCopyProtection
		msg.Status = string(sc.Next())
	case "registration":
		msg.Kind = KindRegistration
		msg.Status = string(sc.Next())
	}
	return nil
}
