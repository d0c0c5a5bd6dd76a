package uci

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseOptionDeclFromRealEngines(t *testing.T) {
	tests := []struct {
		file string
		line int
		want OptionDecl
	}{
		{"stockfish_startpos.txt", 5, OptionDecl{Name: "Debug Log File", Type: OptionString}},
		{"stockfish_startpos.txt", 6, OptionDecl{Name: "Threads", Type: OptionSpin, Default: "1", Min: 1, Max: 1024}},
		{"stockfish_startpos.txt", 8, OptionDecl{Name: "Clear Hash", Type: OptionButton}},
		{"stockfish_startpos.txt", 9, OptionDecl{Name: "Ponder", Type: OptionCheck, Default: "false"}},
		{"stockfish_startpos.txt", 12, OptionDecl{Name: "Move Overhead", Type: OptionSpin, Default: "10", Min: 0, Max: 5000}},
		{"stockfish_startpos.txt", 17, OptionDecl{Name: "UCI_LimitStrength", Type: OptionCheck, Default: "false"}},
		{"stockfish_startpos.txt", 20, OptionDecl{Name: "SyzygyPath", Type: OptionString, Default: ""}},
		{"stockfish_startpos.txt", 25, OptionDecl{Name: "EvalFile", Type: OptionString, Default: "nn-ad9b42354671.nnue"}},
		{"gnuchess_uci.txt", 7, OptionDecl{Name: "NullMove Pruning", Type: OptionCombo, Default: "Fail High",
			Vars: []string{"Always", "Fail High", "Never"}}},
		{"gnuchess_uci.txt", 6, OptionDecl{Name: "BookFile", Type: OptionString, Default: "book_small.bin"}},
	}
	for _, tt := range tests {
		line := realLine(t, tt.file, tt.line)
		var msg EngineMessage
		if err := ParseEngineLine(line, &msg); err != nil {
			t.Errorf("%s:%d: %v", tt.file, tt.line, err)
			continue
		}
		if msg.Kind != KindOption || !reflect.DeepEqual(msg.Option, tt.want) {
			t.Errorf("%s:%d: %q\n got %v %+v\nwant %+v", tt.file, tt.line, line, msg.Kind, msg.Option, tt.want)
		}
	}
}

func TestMalformedOptionDeclSaysWhat(t *testing.T) {
	tests := []struct{ line, want string }{
		{"option name Hash type spin default 16 min x max 5", `option "Hash": bad min "x"`},
		{"option name Foo type slider", `option "Foo": unknown type "slider"`},
		{"option name Foo", `option "Foo": missing type`},
		{"option type check", "option: missing name"},
		{"option name X type check frob", `option "X": unexpected "frob"`},
	}
	for _, tt := range tests {
		var msg EngineMessage
		err := ParseEngineLine([]byte(tt.line), &msg)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%q: error %v, want %q", tt.line, err, tt.want)
		}
	}
}

// TestOptionDeclRoundTrip writes every real declaration back: the line must
// parse to the same value.
func TestOptionDeclRoundTrip(t *testing.T) {
	for _, file := range []string{"stockfish_startpos.txt", "gnuchess_uci.txt"} {
		n := 0
		for i, line := range realLines(t, file) {
			if !strings.HasPrefix(string(line), "option ") {
				continue
			}
			n++
			var first, second EngineMessage
			must(t, ParseEngineLine(line, &first))
			out := AppendOptionDecl(nil, &first.Option)
			must(t, ParseEngineLine(out[:len(out)-1], &second))
			if !reflect.DeepEqual(first.Option, second.Option) {
				t.Errorf("%s:%d: wrote %q\n got %+v\nwant %+v", file, i+1, out, second.Option, first.Option)
			}
		}
		if n < 10 {
			t.Errorf("%s: only %d options", file, n)
		}
	}
}

func TestAppendOptionDecl(t *testing.T) {
	tests := []struct {
		o    OptionDecl
		want string
	}{
		{OptionDecl{Name: "Hash", Type: OptionSpin, Default: "16", Min: 1, Max: 1024}, "option name Hash type spin default 16 min 1 max 1024\n"},
		{OptionDecl{Name: "Clear Hash", Type: OptionButton}, "option name Clear Hash type button\n"},
		{OptionDecl{Name: "Path", Type: OptionString}, "option name Path type string default <empty>\n"},
		{OptionDecl{Name: "Style", Type: OptionCombo, Default: "Normal", Vars: []string{"Solid", "Normal"}},
			"option name Style type combo default Normal var Solid var Normal\n"},
	}
	for _, tt := range tests {
		if got := string(AppendOptionDecl(nil, &tt.o)); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}
