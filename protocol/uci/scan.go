package uci

// scanner splits a protocol line into space- or tab-separated tokens without
// copying, so the hot path (info, bestmove) never allocates.
type scanner struct {
	s []byte
	i int
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func (sc *scanner) skipSpace() {
	for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
		sc.i++
	}
}

// next returns the next token, or nil at the end of the line.
func (sc *scanner) next() []byte {
	sc.skipSpace()
	start := sc.i
	for sc.i < len(sc.s) && !isSpace(sc.s[sc.i]) {
		sc.i++
	}
	if start == sc.i {
		return nil
	}
	return sc.s[start:sc.i]
}

// peek returns the next token without consuming it.
func (sc *scanner) peek() []byte {
	i := sc.i
	tok := sc.next()
	sc.i = i
	return tok
}

// rest returns everything after the current position with the surrounding
// white space trimmed, and consumes it.
func (sc *scanner) rest() []byte {
	sc.skipSpace()
	r := trimRight(sc.s[sc.i:])
	sc.i = len(sc.s)
	return r
}

// upTo returns the text up to (not including) the next token that is one of
// the keywords, trimmed, and leaves the scanner before that keyword. Inner
// spacing is kept as sent, so option names like "Move  Overhead" survive.
func (sc *scanner) upTo(keywords ...string) []byte {
	sc.skipSpace()
	start := sc.i
	end := sc.i
	for {
		before := sc.i
		tok := sc.next()
		if tok == nil {
			break
		}
		if isOneOf(tok, keywords) {
			sc.i = before
			break
		}
		end = sc.i
	}
	return sc.s[start:end]
}

func isOneOf(tok []byte, words []string) bool {
	for _, w := range words {
		if string(tok) == w {
			return true
		}
	}
	return false
}

func trimRight(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// atoi parses a decimal integer with an optional sign; it refuses overflow.
func atoi(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	u, ok := atou(b)
	if !ok || u > 1<<62 {
		return 0, false
	}
	if neg {
		return -int(u), true
	}
	return int(u), true
}

// atou parses an unsigned decimal integer; it refuses overflow.
func atou(b []byte) (uint64, bool) {
	if len(b) == 0 || len(b) > 19 {
		return 0, false
	}
	var n uint64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + uint64(c-'0')
	}
	return n, true
}
