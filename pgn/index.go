package pgn

import "bytes"

// entry locates one opening in a suite's bytes: its first byte, the byte
// after it, and the 1-based line it starts on.
type entry struct{ off, end, line uint32 }

// setEnds gives each entry the start of the next as its end (the last
// ends with the data), before any entry is dropped.
func setEnds(entries []entry, size int) {
	for i := range entries {
		if i+1 < len(entries) {
			entries[i].end = entries[i+1].off
		} else {
			entries[i].end = uint32(size)
		}
	}
}

// indexEPD finds every EPD line that is not blank or a # comment.
func indexEPD(data []byte) []entry {
	// UHO-style lines are about 67 bytes; guessing close avoids regrowth.
	entries := make([]entry, 0, len(data)/64+1)
	line := uint32(1)
	for off := 0; off < len(data); line++ {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += off
		}
		j := off
		for j < end && isSpace(data[j]) {
			j++
		}
		if j < end && data[j] != '#' {
			entries = append(entries, entry{off: uint32(off), line: line})
		}
		off = end + 1
	}
	return entries
}

// indexPGN finds where every game starts: at its first tag, or at its first
// movetext token when it has no tags. A game ends at its result token or
// when a tag follows movetext. Comments, ; comments and % escape lines are
// skipped so that a '[' inside them is not mistaken for a tag.
func indexPGN(data []byte) []entry {
	entries := make([]entry, 0, len(data)/200+1)
	var (
		line       = uint32(1)
		lineStart  = true
		inGame     bool // a game has started and not ended with a result
		inMoves    bool // the current game has reached its movetext
		depth      int  // variation nesting
		start      = func(i int) { entries = append(entries, entry{off: uint32(i), line: line}) }
		skipToByte = func(i int, c byte) int {
			j := bytes.IndexByte(data[i:], c)
			if j < 0 {
				j = len(data) - i
			}
			line += uint32(bytes.Count(data[i:i+j], []byte{'\n'}))
			return i + j
		}
	)
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == '\n':
			line++
			lineStart = true
			i++
			continue
		case isSpace(c):
			i++
			continue
		case c == '%' && lineStart:
			i = skipToByte(i, '\n')
		case c == '[':
			if !inGame || inMoves {
				start(i)
				inGame, inMoves, depth = true, false, 0
			}
			i = skipToByte(i, '\n')
		case c == '{':
			i = skipToByte(i, '}') + 1
		case c == ';':
			i = skipToByte(i, '\n')
		default:
			j := i + 1
			if c != '(' && c != ')' {
				for j < len(data) && !isSpace(data[j]) && !isDelimiter(data[j]) {
					j++
				}
			}
			if !inGame {
				start(i)
				inGame, depth = true, 0
			}
			inMoves = true
			switch {
			case c == '(':
				depth++
			case c == ')':
				depth--
			case depth <= 0 && isResult(data[i:j]):
				inGame = false
			}
			i = j
		}
		lineStart = false
	}
	return entries
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}

// isDelimiter reports whether c ends a movetext symbol.
func isDelimiter(c byte) bool {
	return c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' || c == ';'
}

func isResult(tok []byte) bool {
	switch string(tok) {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}
