// Package scan splits protocol lines into tokens without copying, shared by
// the UCI and XBoard parsers so that their hot paths never allocate.
package scan

// Scanner splits a protocol line into space- or tab-separated tokens without
// copying. S is the line and I the position in it; parsers that need to look
// back or skip ahead move I themselves.
type Scanner struct {
	S []byte
	I int
}

// IsSpace reports whether c separates tokens.
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// SkipSpace moves past white space.
func (sc *Scanner) SkipSpace() {
	for sc.I < len(sc.S) && IsSpace(sc.S[sc.I]) {
		sc.I++
	}
}

// Next returns the next token, or nil at the end of the line.
func (sc *Scanner) Next() []byte {
	sc.SkipSpace()
	start := sc.I
	for sc.I < len(sc.S) && !IsSpace(sc.S[sc.I]) {
		sc.I++
	}
	if start == sc.I {
		return nil
	}
	return sc.S[start:sc.I]
}

// Peek returns the next token without consuming it.
func (sc *Scanner) Peek() []byte {
	i := sc.I
	tok := sc.Next()
	sc.I = i
	return tok
}

// Rest returns everything after the current position with the surrounding
// white space trimmed, and consumes it.
func (sc *Scanner) Rest() []byte {
	sc.SkipSpace()
	r := TrimRight(sc.S[sc.I:])
	sc.I = len(sc.S)
	return r
}

// UpTo returns the text up to (not including) the next token that is one of
// the keywords, trimmed, and leaves the scanner before that keyword. Inner
// spacing is kept as sent, so option names like "Move  Overhead" survive.
func (sc *Scanner) UpTo(keywords ...string) []byte {
	sc.SkipSpace()
	start := sc.I
	end := sc.I
	for {
		before := sc.I
		tok := sc.Next()
		if tok == nil {
			break
		}
		if IsOneOf(tok, keywords) {
			sc.I = before
			break
		}
		end = sc.I
	}
	return sc.S[start:end]
}

// IsOneOf reports whether tok is one of words.
func IsOneOf(tok []byte, words []string) bool {
	for _, w := range words {
		if string(tok) == w {
			return true
		}
	}
	return false
}

// TrimRight drops trailing white space.
func TrimRight(b []byte) []byte {
	for len(b) > 0 && IsSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// Atoi parses a decimal integer with an optional sign; it refuses overflow.
func Atoi(b []byte) (int, bool) {
	neg := false
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		neg = b[0] == '-'
		b = b[1:]
	}
	u, ok := Atou(b)
	if !ok || u > 1<<62 {
		return 0, false
	}
	if neg {
		return -int(u), true
	}
	return int(u), true
}

// Atou parses an unsigned decimal integer; it refuses overflow.
func Atou(b []byte) (uint64, bool) {
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
