package pgn

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

// Opening is one entry of an opening suite: where a game starts.
type Opening struct {
	FEN    string          // start position; "" is the standard initial position
	Moves  []protocol.Move // moves to play from FEN (PGN openings), coordinate notation
	SAN    []string        // the same moves in SAN, for the PGN record
	Source string          // where it came from, e.g. "book.epd:1042"
	// Chess960 says its castling rights need Chess960 rules (file letters,
	// or a castling king or rook off the standard squares).
	Chess960 bool
	// Variant is the rules its position and moves were read by (a suite's,
	// or a game's Variant tag); chess.Standard for chess and Chess960.
	Variant chess.Variant
}

// parsePGNOpening reads one game's tags and up to plies moves of its main
// line (all when plies is 0). place names the game's file for errors; line
// is the line it starts on.
func parsePGNOpening(text []byte, place string, line, plies int) (Opening, error) {
	return parseMainLine(text, place, line, plies, false, chess.Standard)
}

// ReadGameMoves reads a recorded game's start and every move of its main
// line, for replaying it: as an opening is read, but a Chess960 game
// (Variant "fischerandom" or "chess960", as autoplay and cutechess write
// it) is read by Chess960's rules, and a variant's (Variant "crazyhouse",
// "3check960") by its own; SAN is left empty. Errors name
// place:line and the move.
func ReadGameMoves(text []byte, place string, line int) (Opening, error) {
	return parseMainLine(text, place, line, 0, true, chess.Standard)
}

// parseMainLine reads a game's tags and up to plies moves of its main line;
// for games (ReadGameMoves) a Variant tag may ask for Chess960, and the
// moves are not spelt again in SAN.
//
// variant is a suite's: its openings are read by its rules, and a Variant
// tag must name it; a game's Variant tag names its own (crazyhouse,
// 3check, crazyhouse960 as autoplay and cutechess-cli write them).
func parseMainLine(text []byte, place string, line, plies int, games bool, variant chess.Variant) (Opening, error) {
	o := Opening{Source: place + ":" + strconv.Itoa(line), Variant: variant}
	variant960 := false
	sc := newScanner(text, line)
	fenLine := line
	tok, err := sc.next()
	for ; err == nil && tok.kind == tokTag; tok, err = sc.next() {
		switch string(tok.text) {
		case "FEN":
			o.FEN, fenLine = strings.Join(strings.Fields(tok.value), " "), tok.line
		case "Variant":
			v := strings.ToLower(tok.value)
			if games && (v == "fischerandom" || v == "chess960" || v == "chess 960") {
				variant960 = true
				continue
			}
			if v == "" || v == "standard" || v == "chess" {
				v = chess.Standard.String()
			}
			tagged, is960, ok := variantOfTag(v)
			switch {
			case !ok:
				return o, fmt.Errorf("%s:%d: variant %q is not supported", place, tok.line, tok.value)
			case games:
				o.Variant, variant960 = tagged, is960
			case tagged != variant:
				return o, fmt.Errorf("%s:%d: variant %q, but the run plays %s", place, tok.line, tok.value, variant)
			}
		}
	}
	if err != nil {
		return o, fmt.Errorf("%s:%d: %w", place, tok.line, err)
	}

	pos := chess.NewVariantPosition(o.Variant)
	number, black := 1, false
	if o.FEN != "" {
		var err error
		if pos, err = checkVariantStart(o.Variant, o.FEN); err != nil {
			return o, fmt.Errorf("%s:%d: %w", place, fenLine, err)
		}
		o.Chess960 = needsChess960(o.FEN, pos)
		number, black = startNumbering(o.FEN)
	}
	if variant960 {
		o.Chess960 = true
		pos.SetChess960(true)
	}
	depth := 0
	for ; tok.kind != tokEOF && (plies == 0 || len(o.Moves) < plies); tok, _ = sc.next() {
		switch tok.kind {
		case tokOpen:
			depth++
			continue
		case tokClose:
			depth--
			continue
		}
		if tok.kind != tokSymbol || depth > 0 {
			continue
		}
		san := moveText(tok.text)
		if isAnnotation(san) {
			continue
		}
		if isResult([]byte(san)) {
			break
		}
		moveName := strconv.Itoa(number)
		if black {
			moveName += "..."
		}
		if san == "--" || san == "Z0" {
			return o, fmt.Errorf("%s:%d: move %s %q: null moves are not supported", place, tok.line, moveName, san)
		}
		mv, err := pos.ParseSAN(strings.TrimSuffix(san, "e.p."))
		switch {
		case errors.Is(err, chess.ErrNotSAN):
			return o, fmt.Errorf("%s:%d: move %s %q: %w", place, tok.line, moveName, san, chess.ErrNotSAN)
		case errors.Is(err, chess.ErrAmbiguous):
			return o, fmt.Errorf("%s:%d: move %s %q: %w in position %s", place, tok.line, moveName, san, chess.ErrAmbiguous, pos.FEN())
		case err != nil:
			return o, fmt.Errorf("%s:%d: move %s %q: %w in position %s", place, tok.line, moveName, san, chess.ErrNoSuchMove, pos.FEN())
		}
		if !games { // a game's moves are replayed, not written again
			o.SAN = append(o.SAN, pos.SAN(mv))
		}
		o.Moves = append(o.Moves, pos.CanonicalMove(mv))
		pos.MakeMove(mv)
		if black {
			number++
		}
		black = !black
	}
	return o, nil
}

// fenReason is what a position parser found wrong with a FEN, without the
// FEN it quotes (the FENError quotes it once).
func fenReason(err error) string {
	msg := err.Error()
	if _, rest, ok := strings.Cut(msg, "\": "); ok && strings.HasPrefix(msg, "fen \"") {
		return rest
	}
	return msg
}

// moveText strips a move number ("12", "12." or "12...") and any leading
// periods off a symbol, leaving the move or "" for a bare number; results
// and castling with zeros are returned as they are.
func moveText(sym []byte) string {
	s := string(sym)
	if isResult(sym) || strings.HasPrefix(s, "0-0") {
		return s
	}
	s = strings.TrimLeft(s, "0123456789")
	return strings.TrimLeft(s, ".")
}

// isAnnotation reports whether a symbol is no move: empty (a bare move
// number), a detached move assessment ("!?") or position assessment ("+/-",
// "="), or "e.p.".
func isAnnotation(s string) bool {
	return s == "e.p." || s != "--" && strings.Trim(s, "!?+-=/~") == ""
}
