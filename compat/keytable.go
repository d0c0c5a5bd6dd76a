package compat

// keyText is one row of a table of constants looked up by key. A slice of
// them is data in the program file; a map literal is built by the package's
// init in every autoplay process, --help and the built-in engine included,
// which link this package but never look a key up.
type keyText struct{ key, text string }

// lookup is key's text in table, and whether table has key.
func lookup(table []keyText, key string) (string, bool) {
	for _, row := range table {
		if row.key == key {
			return row.text, true
		}
	}
	return "", false
}
