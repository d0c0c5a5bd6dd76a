package check

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/autoplay/autoplay/protocol/uci"
	"github.com/autoplay/autoplay/runner"
)

// uci runs the UCI battery: handshake, options, isready, positions and
// searches of every kind, the info lines of all of them, mates, Chess960
// and pondering when declared, time use in games, quit.
func (b *battery) uci() {
	s, decls, ok := b.uciHandshake()
	if !ok {
		return
	}
	s = b.uciReady(s, "isready after uciok", nil)
	s = b.uciOptions(s, decls)
	s = b.uciReady(s, "isready after ucinewgame", uci.AppendCommand(nil, uci.CmdUCINewGame))
	s = b.uciSearches(s, decls)
	b.quit(s, uci.AppendCommand(nil, uci.CmdQuit))
	b.games()
}

// uciHandshake starts the engine and reads its greeting up to uciok.
func (b *battery) uciHandshake() (*session, []uci.OptionDecl, bool) {
	s, err := startSession(b.ctx, b.cfg)
	if err != nil {
		b.result("start and handshake", Fail, err.Error(), nil)
		return nil, nil, false
	}
	start := time.Now()
	s.send(uci.AppendCommand(nil, uci.CmdUCI))
	var (
		msg        uci.EngineMessage
		name, auth idLine
		decls      []uci.OptionDecl
		badDecls   []string
		bad, extra int // malformed declarations, and those past maxOptions
	)
	_, err = s.until(b.o.Timeout, func(l runner.RawLine) {
		if l.Cut > 0 {
			switch firstTwoWords(l.Text) {
			case "id name":
				name.cut(l.Cut)
			case "id author":
				auth.cut(l.Cut)
			}
			return
		}
		perr := uci.ParseEngineLine([]byte(l.Text), &msg)
		switch msg.Kind {
		case uci.KindID:
			if msg.IDField == "name" {
				name.see(msg.IDValue)
			} else if msg.IDField == "author" {
				auth.see(msg.IDValue)
			}
		case uci.KindOption:
			switch {
			case perr != nil:
				if bad++; len(badDecls) < maxFaultyKept {
					badDecls = append(badDecls, clip(l.Text)+": "+perr.Error())
				}
			case len(decls) < maxOptions:
				decls = append(decls, msg.Option)
			default:
				extra++
			}
		}
	}, func(line string) bool { return strings.TrimSpace(line) == "uciok" })
	if err != nil {
		b.result("start and handshake", Fail, explain(err, "uciok", b.o.Timeout), s)
		s.close(nil, 0)
		return nil, nil, false
	}
	b.result("start and handshake", Pass, fmt.Sprintf("uciok %v after uci", time.Since(start).Round(time.Millisecond)), s)
	b.idResult("id name", &name, Fail, s)
	b.idResult("id author", &auth, Warn, s)
	for _, d := range decls {
		if why := badDefault(d); why != "" {
			if bad++; len(badDecls) < maxFaultyKept {
				badDecls = append(badDecls, clip(d.Name)+": "+why)
			}
		}
	}
	switch {
	case bad > 0:
		detail := strings.Join(badDecls, "; ")
		if bad > len(badDecls) {
			detail = fmt.Sprintf("%d declarations at fault, the first %d: %s", bad, len(badDecls), detail)
		}
		if extra > 0 {
			detail += fmt.Sprintf("; %d more declarations past the first %d not checked", extra, maxOptions)
		}
		b.result("option declarations", Fail, detail, s)
	case extra > 0:
		b.result("option declarations", Fail, fmt.Sprintf("%d options declared: over %d, more than a GUI can show; the first %d are checked", len(decls)+extra, maxOptions, maxOptions), s)
	default:
		b.result("option declarations", Pass, fmt.Sprintf("%d options, each with a type and a default that fits it", len(decls)), s)
	}
	return s, decls, true
}

// maxOptions is how many option declarations the battery keeps and sets:
// engines declare tens; one that floods declarations is told so.
const maxOptions = 1000

// badDefault says what is wrong with an option's default, "" if nothing.
func badDefault(d uci.OptionDecl) string {
	switch d.Type {
	case uci.OptionSpin:
		n, err := strconv.Atoi(d.Default)
		switch {
		case d.Min > d.Max:
			return fmt.Sprintf("min %d above max %d", d.Min, d.Max)
		case err != nil:
			return fmt.Sprintf("spin default %q is not a whole number", d.Default)
		case n < d.Min || n > d.Max:
			return fmt.Sprintf("default %d outside [%d, %d]", n, d.Min, d.Max)
		}
	case uci.OptionCheck:
		if d.Default != "true" && d.Default != "false" {
			return fmt.Sprintf("check default %q is neither true nor false", d.Default)
		}
	case uci.OptionCombo:
		for _, v := range d.Vars {
			if strings.EqualFold(v, d.Default) {
				return ""
			}
		}
		return fmt.Sprintf("combo default %q is none of its vars %v", d.Default, d.Vars)
	}
	return ""
}

// uciReady sends before (if any) and isready, and wants readyok.
func (b *battery) uciReady(s *session, name string, before []byte) *session {
	s = b.aliveFor(s, name)
	if s == nil {
		return nil
	}
	start := time.Now()
	s.send(append(before, uci.AppendCommand(nil, uci.CmdIsReady)...))
	if _, err := s.until(b.o.Timeout, nil, isLine("readyok")); err != nil {
		b.result(name, Fail, explain(err, "readyok", b.o.Timeout), s)
		return b.drop(s)
	}
	b.result(name, Pass, fmt.Sprintf("readyok after %v", time.Since(start).Round(time.Millisecond)), s)
	return s
}

// optionComplaint is how engines say a setoption went wrong. The patterns
// here are compiled on first use, not at the start of every autoplay process.
var optionComplaint = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)no such option|unknown option|not (a )?valid|invalid|illegal|error|unsupported`)
})

// resourceOption names options whose extreme values ask for machine
// resources (gigabytes of hash, a thousand threads): set to their minimum
// and default only.
var resourceOption = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)hash|thread|cores|memory|^SyzygyPath$|^EvalFile`)
})

// uciOptions sets every declared option to values its declaration allows
// (a spin's minimum and maximum, a check's both values, each var of a
// combo, a string's default), then back to its default; nothing the
// engine says may complain, and it must still answer isready.
func (b *battery) uciOptions(s *session, decls []uci.OptionDecl) *session {
	const name = "setoption: every declared value"
	s = b.aliveFor(s, name)
	if s == nil {
		return nil
	}
	var cmds []byte
	sets := 0
	for _, d := range decls {
		var values []string
		switch d.Type {
		case uci.OptionSpin:
			values = []string{strconv.Itoa(d.Min)}
			if !resourceOption().MatchString(d.Name) {
				values = append(values, strconv.Itoa(d.Max))
			}
		case uci.OptionCheck:
			values = []string{"true", "false"}
		case uci.OptionCombo:
			values = append(values, d.Vars...)
		case uci.OptionString:
		default: // buttons act; they are not pressed
			continue
		}
		def := d.Default
		if d.Type == uci.OptionString && (def == "" || resourceOption().MatchString(d.Name)) {
			// An empty string has no spelling every engine reads (Stockfish
			// 15 takes "<empty>" for a file name: its debug log); a path or a
			// network file's default stands.
			continue
		}
		for _, v := range append(values, def) {
			cmds = uci.AppendSetOption(cmds, d.Name, v)
			sets++
		}
	}
	if sets > 0 {
		s.send(cmds)
	}
	var (
		complaints int
		first      string // the first complaint
	)
	start := time.Now()
	s.send(uci.AppendCommand(nil, uci.CmdIsReady))
	_, err := s.until(b.o.Timeout+time.Duration(sets)*10*time.Millisecond, func(l runner.RawLine) {
		if optionComplaint().MatchString(l.Text) {
			if complaints++; complaints == 1 {
				first = clip(l.Text)
			}
		}
	}, isLine("readyok"))
	switch {
	case err != nil:
		b.result(name, Fail, explain(err, "readyok after the setoptions", b.o.Timeout), s)
		return b.drop(s)
	case complaints > 0:
		b.result(name, Fail, fmt.Sprintf("%d setoptions, %d complaints: %s", sets, complaints, first), s)
	default:
		b.result(name, Pass, fmt.Sprintf("%d setoptions over %d options, then readyok after %v", sets, len(decls), time.Since(start).Round(time.Millisecond)), s)
	}
	return s
}

// quit sends the protocol's quit (cmd) and wants the engine gone within a
// second of it.
func (b *battery) quit(s *session, cmd []byte) {
	s = b.aliveFor(s, "quit")
	if s == nil {
		return
	}
	start := time.Now()
	s.send(cmd)
	if s.eng.WaitExit(time.Second) {
		b.result("quit", Pass, fmt.Sprintf("exited %v after quit", time.Since(start).Round(time.Millisecond)), s)
	} else {
		b.result("quit", Fail, "still running 1 s after quit: killed", s)
	}
	s.close(nil, 0)
}

// isLine matches a line that is word (trailing spaces allowed).
func isLine(word string) func(string) bool {
	return func(line string) bool { return strings.TrimSpace(line) == word }
}

// alive is s, or when its engine is gone (or s is nil) a fresh engine past
// its handshake, or nil when none starts.
func (b *battery) alive(s *session) *session {
	if s != nil && !s.gone {
		return s
	}
	if s != nil {
		s.close(nil, 0)
	}
	fresh, err := startSession(b.ctx, b.cfg)
	if err != nil {
		return nil
	}
	if b.cfg.Proto == "xboard" {
		return b.xboardGreet(fresh)
	}
	fresh.send(uci.AppendCommand(nil, uci.CmdUCI))
	if _, err := fresh.until(b.o.Timeout, nil, isLine("uciok")); err != nil {
		fresh.close(nil, 0)
		return nil
	}
	return fresh
}

// aliveFor is alive, recording a FAIL of the check name when no engine
// could be had for it.
func (b *battery) aliveFor(s *session, name string) *session {
	s = b.alive(s)
	if s == nil {
		b.result(name, Fail, "the engine could not be restarted", nil)
	}
	return s
}

// drop ends an engine that stopped answering, so the next check starts a
// fresh one.
func (b *battery) drop(s *session) *session {
	s.close(nil, 0)
	s.gone = true
	return s
}
