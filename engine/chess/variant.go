package chess

import (
	"fmt"
	"strings"
)

// Variant is the set of rules a Position plays by. Standard is the zero
// value, so every position built by ParseFEN plays chess, and its move
// generation and make/unmake take the standard path (one check at the top
// sends every other variant to its own code, see variant_movegen.go).
// Chess960 is not a variant here but a way of writing castling
// (Position.SetChess960): crazyhouse960 is Crazyhouse with it set.
type Variant uint8

// The variants, with the rules of Fairy-Stockfish's definitions of the same
// names (its variant.cpp), against which perft proves them.
const (
	Standard      Variant = iota
	Crazyhouse            // captured pieces go to the captor's pocket and may be dropped
	Antichess             // captures are forced, the king is a plain piece; no castling
	Giveaway              // antichess with castling
	Suicide               // antichess where a stalemate is won by the side with fewer pieces
	Losers                // captures are forced; checkmated, stalemated or bare king wins
	Atomic                // a capture explodes every piece but pawns around it
	ThreeCheck            // the third check wins
	FiveCheck             // the fifth check wins
	KingOfTheHill         // a king on d4, e4, d5 or e5 wins
	RacingKings           // no checks; the first king on the eighth rank wins
	Horde                 // White's 36 pawns and no king against a normal army
	NoCastling            // chess without castling
	numVariants
)

// variantInfo is a variant's names and start position.
type variantInfo struct {
	name    string   // as Fairy-Stockfish's UCI_Variant names it
	aliases []string // other names GUIs use (cutechess-cli, lichess, XBoard)
	start   string   // start position in Fairy-Stockfish's FEN
}

var variantInfos = [numVariants]variantInfo{
	Standard:      {"chess", []string{"standard", "normal"}, StartFEN},
	Crazyhouse:    {"crazyhouse", []string{"zh"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
	Antichess:     {"antichess", []string{"anti"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
	Giveaway:      {"giveaway", nil, StartFEN},
	Suicide:       {"suicide", nil, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
	Losers:        {"losers", nil, StartFEN},
	Atomic:        {"atomic", nil, StartFEN},
	ThreeCheck:    {"3check", []string{"threecheck", "three-check"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"},
	FiveCheck:     {"5check", []string{"fivecheck", "five-check"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1"},
	KingOfTheHill: {"kingofthehill", []string{"koth", "king-of-the-hill"}, StartFEN},
	RacingKings:   {"racingkings", []string{"racing-kings"}, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"},
	Horde:         {"horde", nil, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"},
	NoCastling:    {"nocastle", []string{"nocastling", "no-castling"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
}

// String is the variant's name as Fairy-Stockfish's UCI_Variant spells it.
func (v Variant) String() string {
	if v >= numVariants {
		return fmt.Sprintf("variant(%d)", uint8(v))
	}
	return variantInfos[v].name
}

// StartFEN is the variant's start position.
func (v Variant) StartFEN() string { return variantInfos[v].start }

// Variants lists every variant, Standard first.
func Variants() []Variant {
	vs := make([]Variant, numVariants)
	for i := range vs {
		vs[i] = Variant(i)
	}
	return vs
}

// ParseVariant finds a variant by its Fairy-Stockfish name or a common
// alias, in any case.
func ParseVariant(name string) (Variant, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for v, info := range variantInfos {
		if n == info.name {
			return Variant(v), nil
		}
		for _, a := range info.aliases {
			if n == a {
				return Variant(v), nil
			}
		}
	}
	names := make([]string, 0, numVariants)
	for _, info := range variantInfos {
		names = append(names, info.name)
	}
	return Standard, fmt.Errorf("unknown variant %q (known: %s)", name, strings.Join(names, ", "))
}

// The rules that tell variants apart, asked by the variant code.

// royal reports whether the king may not be left attacked (so check and
// checkmate exist). Antichess's kings are plain pieces; atomic's king is
// royal too, with its own notion of attack (variant_atomic.go).
func (v Variant) royal() bool {
	switch v {
	case Antichess, Giveaway, Suicide:
		return false
	}
	return true
}

// antichessFamily reports whether v is antichess, giveaway or suicide.
func (v Variant) antichessFamily() bool { return v == Antichess || v == Giveaway || v == Suicide }

// mustCapture reports whether a capture, when one is legal, must be made.
func (v Variant) mustCapture() bool { return v.antichessFamily() || v == Losers }

// checkLimit is how many checks win (0: checks are not counted).
func (v Variant) checkLimit() uint8 {
	switch v {
	case ThreeCheck:
		return 3
	case FiveCheck:
		return 5
	}
	return 0
}

// hasPockets reports whether captured pieces go to a pocket.
func (v Variant) hasPockets() bool { return v == Crazyhouse }

// HasChess960 reports whether v has a Chess960 form (crazyhouse960 and
// the like): it starts from chess's array and castles.
func (v Variant) HasChess960() bool {
	switch v {
	case Crazyhouse, Giveaway, Atomic, Losers, ThreeCheck, FiveCheck, KingOfTheHill:
		return true
	}
	return false
}

// Chess960StartFEN is start position n (0..959) of v's Chess960 form, or
// "" when v has none; Standard gives Chess960's own.
func (v Variant) Chess960StartFEN(n int) string {
	if v != Standard && !v.HasChess960() {
		return ""
	}
	f := strings.Fields(Chess960FEN(n, n))
	std := strings.Fields(v.StartFEN())
	f[0] = strings.Replace(std[0], "rnbqkbnr", f[0][:8], 1)
	f[0] = strings.Replace(f[0], "RNBQKBNR", Chess960Array(n), 1)
	f = append(f[:3], std[3:]...)
	return strings.Join(f, " ")
}
