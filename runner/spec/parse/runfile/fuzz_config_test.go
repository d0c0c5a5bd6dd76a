package runfile

import (
	"strings"
	"testing"
)

// FuzzParseConfig feeds any text to the run-file reader: a config or an
// error, never a panic, and never a config with protocol-breaking text.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"games: 2\neach: {tc: 10+0.1}\nengines:\n  - {name: a, cmd: builtin}\n  - {name: b, cmd: builtin}\n",
		"each: &e {tc: 1}\nengines:\n  - {name: a, cmd: builtin, <<: *e}\n  - {name: b, cmd: builtin, <<: *e, options: {Hash: 16}}\n",
		"type: gauntlet\nseeds: 1\nsprt: {elo0: 0, elo1: 5}\nengines: []\n",
		mergeBomb(4, 4),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cfg, err := ParseConfig("fuzz.yaml", []byte(text))
		if err != nil {
			return
		}
		for _, e := range cfg.Engines {
			if strings.ContainsAny(e.Name+e.Cmd+e.Dir+strings.Join(e.Args, ""), "\r\n\x00") {
				t.Fatalf("engine %q accepted with a line break", e.Name)
			}
			for _, o := range e.Options {
				if strings.ContainsAny(o.Name+o.Value, "\r\n\x00") {
					t.Fatalf("option %q accepted with a line break", o.Name)
				}
			}
		}
	})
}
