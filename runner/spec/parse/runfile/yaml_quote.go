package runfile

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// lineOf is the text of a 1-based line of data.
func lineOf(data []byte, line int) string {
	for i := 1; i < line; i++ {
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 {
			return ""
		}
		data = data[nl+1:]
	}
	if nl := bytes.IndexByte(data, '\n'); nl >= 0 {
		data = data[:nl]
	}
	return strings.TrimSuffix(string(data), "\r")
}

// quoteWidth bounds the part of a line shown under a message.
const quoteWidth = 100

// quoteLine shows a line under a message, with a caret under column col:
//
//	7 | engines: [a, b
//	  |          ^
//
// A long line is shown around the column; control characters and bytes
// that are not UTF-8 as '?'.
func quoteLine(line, col int, text string) string {
	runes := []rune(text)
	col = max(1, min(col, len(runes)+1))
	from := max(0, col-1-quoteWidth/2)
	to := min(len(runes), from+quoteWidth)
	shown, caret := make([]rune, 0, to-from+2), make([]rune, 0, col-from+1)
	if from > 0 {
		shown, caret = append(shown, '…'), append(caret, ' ')
	}
	for i, r := range runes[from:to] {
		if r != '\t' && (r < ' ' || r == 0x7f || r == utf8.RuneError) {
			r = '?'
		}
		shown = append(shown, r)
		if from+i < col-1 {
			if r == '\t' {
				caret = append(caret, '\t')
			} else {
				caret = append(caret, ' ')
			}
		}
	}
	if to < len(runes) {
		shown = append(shown, '…')
	}
	num := strconv.Itoa(line)
	pad := strings.Repeat(" ", len(num))
	return "\n  " + num + " | " + string(shown) + "\n  " + pad + " | " + string(caret) + "^"
}
