package main

import (
	"fmt"
	"strings"
)

// UCI modes of what an engine says rather than plays (issue 49): text a
// terminal would act on, repeated or overlong ids, a second answer, a flood
// of lines a checker must not keep, and times that cannot be so.
//
//	escapes      its id name holds terminal escape sequences and a byte that
//	             is not UTF-8, and at the Nth go it answers "bestmove e2<ESC>[2Je4".
//	idtwice      sends id name and id author twice, with other words the
//	             second time (with -xboard: myname in two feature lines).
//	longid       its id author is 100 KB long.
//	twice        answers the Nth go with two bestmoves.
//	overclaim    every info line says time 5000: more than the move took.
//	negtime      every info line says time -5000.
//	junkflood    at the Nth go, before answering, prints -flood lines of about
//	             1 KB, each different: malformed info lines, info lines with
//	             an illegal PV, and every 1000th a line of 100 KB.
var textModes = []string{"escapes", "idtwice", "longid", "twice", "overclaim", "negtime", "junkflood"}

// xboardTextModes are the text modes XBoard has too.
var xboardTextModes = []string{"idtwice"}

// sendIDs is the id lines of the uci answer.
func (e *engine) sendIDs() {
	switch e.cfg.mode {
	case "escapes":
		e.send("id name misengine \x1b[31mescapes\x1b[0m \xff")
	case "idtwice":
		e.send("id name misengine idtwice")
		e.send("id author autoplay tests")
		e.send("id name another name")
		e.send("id author somebody else")
		return
	default:
		e.send("id name misengine %s", e.cfg.mode)
	}
	if e.cfg.mode == "longid" {
		e.send("id author autoplay tests %s", strings.Repeat("a", 100<<10))
		return
	}
	e.send("id author autoplay tests")
}

// textMisbehaviour acts out the text modes at a go; it returns true when
// it answered the go itself.
func (e *engine) textMisbehaviour(nth bool) bool {
	switch {
	case e.cfg.mode == "escapes" && nth:
		e.send("bestmove e2\x1b[2Je4")
		return true
	case e.cfg.mode == "twice" && nth:
		e.answer()
		e.answer()
		return true
	case e.cfg.mode == "junkflood" && nth:
		e.junkFlood()
	}
	return false
}

// reportedTime is the time an info line gives, in milliseconds.
func (e *engine) reportedTime() int {
	switch e.cfg.mode {
	case "overclaim":
		return 5000
	case "negtime":
		return -5000
	}
	return 1
}

// junkFlood prints cfg.flood lines that a checker finds fault with.
func (e *engine) junkFlood() {
	pad := strings.Repeat("x", 1000)
	long := strings.Repeat("y", 100<<10)
	for i := range e.cfg.flood {
		switch {
		case i%1000 == 999:
			fmt.Fprintf(e.out, "info string %d %s\n", i, long)
		case i%2 == 0:
			fmt.Fprintf(e.out, "info depth x%d nodes %d string %s\n", i, i, pad)
		default:
			fmt.Fprintf(e.out, "info depth 1 score cp %d nodes %d pv e2e4 e2e4 string %s\n", i%100, i, pad)
		}
	}
	e.out.Flush()
}
