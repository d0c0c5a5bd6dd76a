package pgn

import (
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
)

// variantOfTag reads a Variant tag's value (lowercase) as a variant of the
// chess core, with "960" after it for its Chess960 form.
func variantOfTag(v string) (variant chess.Variant, chess960, ok bool) {
	if variant, err := chess.ParseVariant(v); err == nil {
		return variant, false, true
	}
	if base, cut := strings.CutSuffix(v, "960"); cut {
		if variant, err := chess.ParseVariant(base); err == nil && variant.HasChess960() {
			return variant, true, true
		}
	}
	return chess.Standard, false, false
}

// checkVariantStart is checkStart for a position of variant v: chess's own
// checks, or the variant's FEN reader (pockets, check counters, a horde
// without a white king).
func checkVariantStart(v chess.Variant, fen string) (*chess.Position, error) {
	if v == chess.Standard {
		if err := CheckFEN(fen); err != nil {
			return nil, err
		}
		return checkStart(fen)
	}
	pos, err := chess.ParseVariantFEN(v, fen)
	if err != nil {
		return nil, &FENError{fen, fenReason(err)}
	}
	return pos, nil
}

// variantEPD reads an EPD line of variant v: its position fields (a
// variant may have one more, three-check's "3+3") and the counters or
// operations after them, as the longest run of leading fields the
// variant's FEN reader takes. The FEN is written again in the form
// Fairy-Stockfish reads.
func variantEPD(v chess.Variant, line string) (string, *chess.Position, error) {
	fields := strings.Fields(line)
	var firstErr error
	for n := min(len(fields), 7); n >= 4; n-- {
		pos, err := chess.ParseVariantFEN(v, strings.Join(fields[:n], " "))
		if err == nil {
			return pos.FEN(), pos, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	if firstErr == nil {
		return "", nil, &FENError{strings.TrimSpace(line), "fewer than 4 fields"}
	}
	return "", nil, &FENError{strings.TrimSpace(line), fenReason(firstErr)}
}
