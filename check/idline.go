package check

import (
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/protocol"
)

// idLine is what an engine said in one kind of id line (UCI "id name",
// "id author" before uciok, XBoard's myname feature): the first value, and whatever makes it
// doubtful, so that a second line or one too long to read is a finding,
// not a value silently taken or dropped.
type idLine struct {
	value  string
	lines  int    // how many such lines came, cut ones included
	second string // the value of the second, when it came whole
	cutAt  int    // the size of the first line cut for its length, 0 if none
}

func (l *idLine) see(value string) {
	l.lines++
	switch {
	case l.lines == 1:
		l.value = value
	case l.lines == 2:
		l.second = value
	}
}

func (l *idLine) cut(size int) {
	l.lines++
	if l.cutAt == 0 {
		l.cutAt = size
	}
}

// idResult is the verdict of one id (name: "id name", "id author",
// "myname"): missing is the status of an engine that sent none (a name is
// required, an author is not).
func (b *battery) idResult(name string, l *idLine, missing Status, s *session) {
	unit, where := "line", "before uciok"
	if name == "myname" {
		unit, where = "feature", "after protover 2"
	}
	switch {
	case l.cutAt > 0:
		b.result(name, Fail, fmt.Sprintf("a %q %s of %d bytes: too long to read (autoplay reads lines up to 64 KB), so a GUI may never see it", name, unit, l.cutAt), s)
	case l.lines > 1 && l.second != "":
		b.result(name, Fail, fmt.Sprintf("%d %q %ss %s: %q, then %q; a GUI takes one or the other", l.lines, name, unit, where, l.value, l.second), s)
	case l.lines > 1:
		b.result(name, Fail, fmt.Sprintf("%d %q %ss %s", l.lines, name, unit, where), s)
	case l.lines == 0:
		b.result(name, missing, fmt.Sprintf("no %q %s", name, where), s)
	case protocol.Escape(l.value) != l.value:
		b.result(name, Warn, l.value+" (shown escaped: it holds control characters or bytes that are not UTF-8, which a GUI may print raw)", s)
	default:
		b.result(name, Pass, l.value, s)
	}
}

// firstTwoWords are a line's first two words, one space between.
func firstTwoWords(line string) string {
	f := strings.Fields(line[:min(len(line), 64)])
	return strings.Join(f[:min(len(f), 2)], " ")
}
