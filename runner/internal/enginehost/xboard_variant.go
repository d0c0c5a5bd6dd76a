package enginehost

import "github.com/autoplay/autoplay/runner/spec"

// xboardVariantName is v as an XBoard engine's feature variants lists it,
// under any of the names spec reads for it (Fairy-Max writes
// "king-of-the-hill", Sjeng "crazyhouse"); "" when it lists none.
func xboardVariantName(listed []string, v spec.Variant) string {
	for _, name := range listed {
		if w, err := spec.ParseVariant(name); err == nil && w == v {
			return name
		}
	}
	return ""
}
