package protocol

import (
	"unicode/utf8"
)

// Engine text (an id name, an illegal move, an info string, a whole line)
// comes from a program autoplay does not trust, and reaches terminals, logs
// and PGN files. Escape makes it safe to show: a terminal must not act on an
// engine's ESC sequences, nor a reader be fooled by text that runs right to
// left. Backslashes stand as they are, so escaping twice changes nothing and
// a Windows path still reads as one.

// Escape is s with every byte a terminal or a reader could take for
// something other than text made visible: C0 controls (tab and newline
// included), DEL and each byte of invalid UTF-8 as \xNN, C1 controls and
// the Unicode marks that reorder or break lines as \uNNNN. Text without
// them is returned as it is, without allocating.
func Escape(s string) string {
	if clean(s) {
		return s
	}
	return string(AppendEscaped(make([]byte, 0, len(s)+16), s))
}

// AppendEscaped appends s, escaped as Escape does, to dst.
func AppendEscaped[T string | []byte](dst []byte, s T) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= ' ' && c < utf8.RuneSelf && c != 0x7f {
			dst = append(dst, c)
			i++
			continue
		}
		if c < utf8.RuneSelf { // a C0 control or DEL
			dst = appendByteEscape(dst, c)
			i++
			continue
		}
		var head [utf8.UTFMax]byte
		r, n := utf8.DecodeRune(head[:copy(head[:], s[i:min(len(s), i+utf8.UTFMax)])])
		switch {
		case r == utf8.RuneError && n == 1:
			dst = appendByteEscape(dst, c)
		case hiddenRune(r):
			dst = append(dst, '\\', 'u', hex[r>>12&0xf], hex[r>>8&0xf], hex[r>>4&0xf], hex[r&0xf])
		default:
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return dst
}

const hex = "0123456789abcdef"

func appendByteEscape(dst []byte, c byte) []byte {
	return append(dst, '\\', 'x', hex[c>>4], hex[c&0xf])
}

// hiddenRune says whether r acts on the display rather than showing: the
// C1 controls (0x9b is a terminal's CSI), the bidirectional overrides and
// isolates (text that reads otherwise than it is), and the line and
// paragraph separators.
func hiddenRune(r rune) bool {
	return r >= 0x80 && r <= 0x9f ||
		r >= 0x200e && r <= 0x200f || r >= 0x2028 && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// clean says whether s needs no escape: the common case, checked without
// allocating.
func clean(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= ' ' && c < utf8.RuneSelf && c != 0x7f {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			return false
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || hiddenRune(r) {
			return false
		}
		i += n
	}
	return true
}
