package live

import (
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
)

// variantOfTag is a PGN's Variant tag as a variant autoplay plays:
// cutechess-cli's names ("crazyhouse", "3check", "Chess960") and the
// aliases the runner reads; standard for none or a name it does not know
// (the game is then read as chess, up to its first move chess refuses).
func variantOfTag(tag string) spec.Variant {
	v, err := spec.ParseVariant(strings.TrimSpace(tag))
	if err != nil {
		return spec.Standard
	}
	return v
}
