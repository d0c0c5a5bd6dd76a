package compat

import (
	"fmt"
	"strings"
)

// quick reads fastchess's -quick cmd=A cmd=B book=FILE, the shortcut it
// expands to exactly this: both engines named after their cmd (a 1 and a 2
// added when the two are one), tc=10+0.1, -recover, -games 2 -rounds 25000,
// the book in random order, -concurrency of the hardware threads less 2 (at
// least 1), -draw movenumber=30 movecount=8 score=8, and cutechess's output.
// Options after it may change any of these, as in fastchess.
func (inv *Invocation) quick(v []string) error {
	var cmds []string
	book := ""
	for _, kv := range keyValues(v) {
		switch kv.key {
		case "cmd":
			cmds = append(cmds, kv.value)
		case "book":
			book = kv.value
		default:
			return fmt.Errorf("unknown key %q (known: cmd book)", kv.key)
		}
	}
	if len(cmds) != 2 {
		return fmt.Errorf("-quick needs exactly two cmd= entries, got %d", len(cmds))
	}
	if book == "" {
		return fmt.Errorf("-quick needs a book=FILE entry")
	}
	format := ""
	switch {
	case strings.HasSuffix(book, ".pgn"):
		format = "pgn"
	case strings.HasSuffix(book, ".epd"):
		format = "epd"
	default:
		return fmt.Errorf("book=%s: the book's name must end in .pgn or .epd", book)
	}
	names := []string{cmds[0], cmds[1]}
	if names[0] == names[1] {
		names[0], names[1] = names[0]+"1", names[1]+"2"
	}
	for i, cmd := range cmds {
		inv.engines = append(inv.engines, []keyValue{{key: "cmd", value: cmd}, {key: "name", value: names[i]}, {key: "tc", value: "10+0.1"}})
	}
	if err := inv.openings([]string{"file=" + book, "format=" + format, "order=random"}); err != nil {
		return err
	}
	inv.games, inv.rounds = 2, 25000
	inv.Config.Concurrency, inv.concurrencyLeft = max(1, hardwareThreads()-2), -1
	if err := inv.draw([]string{"movenumber=30", "movecount=8", "score=8"}); err != nil {
		return err
	}
	inv.Output = Cutechess
	return nil
}
