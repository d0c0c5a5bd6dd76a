package pgn

import (
	"fmt"
	"strconv"
	"strings"
)

// StartFEN is the standard initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// FENError says what is wrong with a FEN; readers wrap it with the place it
// came from ("book.epd:12: bad FEN ...: 7 ranks").
type FENError struct {
	FEN    string
	Reason string
}

// Error returns `bad FEN "<fen>": <reason>`.
func (e *FENError) Error() string { return fmt.Sprintf("bad FEN %q: %s", e.FEN, e.Reason) }

// CheckFEN reports whether fen is a well-formed six-field FEN: 8 ranks of 8
// squares, known piece letters, one king of each colour, side w or b,
// castling "-" or letters from KQkq (or Chess960 file letters), an en
// passant square on the right rank, and move counters. It returns a
// *FENError naming the first problem.
func CheckFEN(fen string) error {
	f := strings.Fields(fen)
	if len(f) != 6 {
		return &FENError{fen, fmt.Sprintf("%d fields, want 6", len(f))}
	}
	if reason := checkPosition(f[0], f[1], f[2], f[3]); reason != "" {
		return &FENError{fen, reason}
	}
	if n, err := strconv.Atoi(f[4]); err != nil || n < 0 {
		return &FENError{fen, fmt.Sprintf("bad halfmove clock %q", f[4])}
	}
	if n, err := strconv.Atoi(f[5]); err != nil || n < 1 {
		return &FENError{fen, fmt.Sprintf("bad fullmove number %q", f[5])}
	}
	return nil
}

// checkPosition checks the four position fields shared by FEN and EPD and
// returns what is wrong, or "".
func checkPosition(board, side, castling, ep string) string {
	ranks := strings.Split(board, "/")
	if len(ranks) != 8 {
		return fmt.Sprintf("%d ranks", len(ranks))
	}
	var whiteKings, blackKings int
	for i, r := range ranks {
		squares := 0
		for j := 0; j < len(r); j++ {
			c := r[j]
			switch c {
			case 'K':
				whiteKings++
			case 'k':
				blackKings++
			case 'Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p':
			case '1', '2', '3', '4', '5', '6', '7', '8':
				squares += int(c-'0') - 1
			default:
				return fmt.Sprintf("unknown piece %q on rank %d", c, 8-i)
			}
			squares++
		}
		if squares != 8 {
			return fmt.Sprintf("rank %d has %d squares", 8-i, squares)
		}
	}
	if whiteKings != 1 {
		return fmt.Sprintf("%d white kings", whiteKings)
	}
	if blackKings != 1 {
		return fmt.Sprintf("%d black kings", blackKings)
	}
	if side != "w" && side != "b" {
		return fmt.Sprintf("side to move %q is not w or b", side)
	}
	if !validCastling(castling) {
		return fmt.Sprintf("bad castling rights %q", castling)
	}
	epRank := byte('6')
	if side == "b" {
		epRank = '3'
	}
	if ep != "-" && (len(ep) != 2 || ep[0] < 'a' || ep[0] > 'h' || ep[1] != epRank) {
		return fmt.Sprintf("bad en passant square %q", ep)
	}
	return ""
}

// validCastling accepts "-" or distinct letters from KQkq and the Shredder
// and X-FEN file letters A-H/a-h used for Chess960.
func validCastling(s string) bool {
	if s == "-" {
		return true
	}
	if s == "" || len(s) > 4 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c == 'K' || c == 'Q' || c == 'k' || c == 'q' || (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h')
		if !ok || strings.IndexByte(s[:i], c) >= 0 {
			return false
		}
	}
	return true
}

// epdToFEN turns an EPD line (four position fields, then either a FEN's
// halfmove and fullmove numbers or operations such as "hmvc 3; fmvn 20;
// c0 \"...\";") into a checked six-field FEN.
func epdToFEN(line string) (string, error) {
	var fields [4]string
	rest := line
	for i := range fields {
		rest = strings.TrimLeft(rest, " \t")
		end := strings.IndexAny(rest, " \t")
		if end < 0 {
			end = len(rest)
		}
		fields[i], rest = rest[:end], rest[end:]
		if fields[i] == "" {
			return "", &FENError{strings.TrimSpace(line), fmt.Sprintf("%d fields, want at least 4", i)}
		}
	}
	half, full := "0", "1"
	rest = strings.TrimSpace(rest)
	// A plain FEN carries the counters as bare numbers.
	if n, tail, ok := leadingNumber(rest); ok {
		half, rest = n, tail
		if n, tail, ok := leadingNumber(rest); ok {
			full, rest = n, tail
		}
	}
	for rest != "" {
		op, operand, tail := nextOperation(rest)
		rest = tail
		switch op {
		case "hmvc":
			half = operand
		case "fmvn":
			full = operand
		}
	}
	fen := fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3] + " " + half + " " + full
	if err := CheckFEN(fen); err != nil {
		return "", err
	}
	return fen, nil
}

// leadingNumber splits a whitespace-delimited run of digits off s.
func leadingNumber(s string) (num, rest string, ok bool) {
	s = strings.TrimLeft(s, " \t")
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || (i < len(s) && s[i] != ' ' && s[i] != '\t') {
		return "", s, false
	}
	return s[:i], s[i:], true
}

// nextOperation splits one EPD operation "opcode operands;" off s; a
// semicolon inside a quoted operand does not end it.
func nextOperation(s string) (opcode, operands, rest string) {
	s = strings.TrimLeft(s, " \t")
	end := strings.IndexAny(s, " \t;")
	if end < 0 {
		return s, "", ""
	}
	opcode, s = s[:end], s[end:]
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case '\\':
			if quoted {
				i++
			}
		case ';':
			if !quoted {
				return opcode, strings.TrimSpace(s[:i]), s[i+1:]
			}
		}
	}
	return opcode, strings.TrimSpace(s), ""
}
