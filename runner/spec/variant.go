package spec

import (
	"fmt"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
)

// Variant is the kind of chess a run plays, for every engine in it: its
// name as cutechess-cli spells it ("crazyhouse", "3check"), with "960"
// after the name for a variant's Chess960 form ("crazyhouse960").
type Variant string

// Variants.
const (
	Standard Variant = "standard"
	// Chess960 is Fischer random chess, and Double Chess960 when the two
	// sides' arrays differ: the rules are the same.
	Chess960 Variant = "fischerandom"
)

// chess960Suffix marks a variant's Chess960 form.
const chess960Suffix = "960"

// ParseVariant reads a variant name: standard (or normal), fischerandom
// (or chess960, frc, 960), or a variant of the chess core by the names
// cutechess-cli and Fairy-Stockfish give it (crazyhouse, antichess,
// giveaway, suicide, losers, atomic, 3check, 5check, kingofthehill,
// racingkings, horde, nocastle, and aliases such as threecheck or koth),
// with "960" after it for its Chess960 form where it has one.
func ParseVariant(s string) (Variant, error) {
	n := strings.ToLower(strings.TrimSpace(s))
	switch n {
	case "", "standard", "normal", "chess":
		return Standard, nil
	case "fischerandom", "chess960", "frc", "960", "fischerrandom":
		return Chess960, nil
	}
	if v, err := chess.ParseVariant(n); err == nil {
		return Variant(v.String()), nil
	}
	if base, ok := strings.CutSuffix(n, chess960Suffix); ok {
		if v, err := chess.ParseVariant(base); err == nil && v != chess.Standard {
			if !v.HasChess960() {
				return "", fmt.Errorf("variant %q: %s has no Chess960 form (these have: %s)", s, v, strings.Join(variantNames(true), ", "))
			}
			return Variant(v.String() + chess960Suffix), nil
		}
	}
	return "", fmt.Errorf("variant %q: want standard, fischerandom or one of %s (a Chess960 form adds 960: %s)",
		s, strings.Join(variantNames(false), ", "), strings.Join(variantNames(true), ", "))
}

// VariantNames are the names of every variant but chess and Chess960, as
// ParseVariant reads them and cutechess-cli spells them (and their
// Chess960 forms), for messages.
func VariantNames() []string { return append(variantNames(false), variantNames(true)...) }

// variantNames are the core's variants but chess, or with chess960 the
// names of their Chess960 forms.
func variantNames(chess960 bool) []string {
	var names []string
	for _, v := range chess.Variants()[1:] {
		switch {
		case !chess960:
			names = append(names, v.String())
		case v.HasChess960():
			names = append(names, v.String()+chess960Suffix)
		}
	}
	return names
}

// Rules is the chess core's variant whose rules v plays by (Standard for
// chess and Chess960, whose castling is the position's, not a variant).
func (v Variant) Rules() chess.Variant {
	name := strings.TrimSuffix(string(v), chess960Suffix)
	if v == Chess960 || v == Standard || v == "" {
		return chess.Standard
	}
	r, err := chess.ParseVariant(name)
	if err != nil {
		return chess.Standard // Complete refuses the name before it is played
	}
	return r
}

// IsChess960 reports whether v castles as Chess960 does: fischerandom and
// the 960 forms of variants.
func (v Variant) IsChess960() bool {
	return v == Chess960 || v != Standard && strings.HasSuffix(string(v), chess960Suffix) && v.Rules() != chess.Standard
}

// IsVariant reports whether v plays by other rules than chess (Chess960
// castles differently but is chess).
func (v Variant) IsVariant() bool { return v.Rules() != chess.Standard }

// EngineName is the name engines know the variant's rules by, without its
// Chess960 form (UCI_Variant's value, XBoard's variant command): "" for
// chess and Chess960.
func (v Variant) EngineName() string {
	if !v.IsVariant() {
		return ""
	}
	return v.Rules().String()
}

// StartFEN is the variant's start position when no opening gives one: ""
// for chess (the initial position) and the Chess960 forms (drawn by the
// openings), the variant's own otherwise.
func (v Variant) StartFEN() string {
	if !v.IsVariant() || v.IsChess960() {
		return ""
	}
	return v.Rules().StartFEN()
}

// PGNName is the variant as PGN's Variant tag names it; "" for standard.
// Variants are named as cutechess-cli names them (crazyhouse, 3check).
func (v Variant) PGNName() string {
	switch {
	case v == Chess960:
		return "Chess960"
	case v.IsVariant():
		return string(v)
	}
	return ""
}

// StartPosition is the position a game of v starts from: fen, or v's own
// start when fen is "", read with v's rules (pockets, check counters).
func (v Variant) StartPosition(fen string) (*chess.Position, error) {
	if !v.IsVariant() {
		return chess.StartPosition(fen)
	}
	if fen == "" {
		fen = v.Rules().StartFEN()
	}
	pos, err := chess.ParseVariantFEN(v.Rules(), fen)
	if err != nil {
		return nil, err
	}
	if v.IsChess960() {
		pos.SetChess960(true)
	}
	return pos, nil
}
