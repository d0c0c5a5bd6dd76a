package spec

import (
	"fmt"
	"strings"
)

// Variant is the kind of chess a run plays, for every engine in it.
type Variant string

// Variants.
const (
	Standard Variant = "standard"
	// Chess960 is Fischer random chess, and Double Chess960 when the two
	// sides' arrays differ: the rules are the same.
	Chess960 Variant = "fischerandom"
)

// ParseVariant reads a variant name: standard (or normal), fischerandom
// (or chess960, frc, 960).
func ParseVariant(s string) (Variant, error) {
	switch strings.ToLower(s) {
	case "", "standard", "normal", "chess":
		return Standard, nil
	case "fischerandom", "chess960", "frc", "960", "fischerrandom":
		return Chess960, nil
	}
	return "", fmt.Errorf("variant %q: want standard or fischerandom (also chess960, frc)", s)
}

// PGNName is the variant as PGN's Variant tag names it; "" for standard.
func (v Variant) PGNName() string {
	if v == Chess960 {
		return "Chess960"
	}
	return ""
}
