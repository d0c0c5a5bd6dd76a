package parse

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// FuzzEngineSpec feeds any text to the key=value engine spec reader: a
// config or an error, never a panic, and nothing with a line break.
func FuzzEngineSpec(f *testing.F) {
	for _, s := range []string{
		"cmd=/usr/games/stockfish name=sf option.Hash=16 tc=10+0.1",
		`"option.Move Overhead=30" name="My Engine" st=0.5 proto=xboard`,
		"tc=40/60+0.6 nodes=1000 depth=5 timemargin=50 timeout=3 restart=on arg=-x dir=/tmp",
		`name=a\ b 'option.x=y z'`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		e := spec.DefaultEngineConfig()
		if err := EngineSpec(&e, text); err != nil {
			return
		}
		if strings.ContainsAny(e.Name+e.Cmd+e.Dir+strings.Join(e.Args, ""), "\r\n\x00") {
			t.Fatalf("spec %q accepted with a line break", text)
		}
		for _, o := range e.Options {
			if strings.ContainsAny(o.Name+o.Value, "\r\n\x00") {
				t.Fatalf("option %q accepted with a line break", o.Name)
			}
		}
	})
}
