package runfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestYAMLSyntaxErrorsNameTheirLineAndColumn: each broken file is refused
// at the place of its fault, with the line quoted. yaml.v3 alone named the
// line where the enclosing block began (1 for several of these), a line
// too early, or no line at all.
func TestYAMLSyntaxErrorsNameTheirLineAndColumn(t *testing.T) {
	const head = "event: test\nsite: lab\ntype: match\ngames: 2\nrounds: 1\nseed: 1\n"
	for _, tc := range []struct {
		name, text string
		at         string // line:column
		says       string
	}{
		{"unclosed double quote", head + "pgnout: \"out.pgn\nengines:\n  - name: a\n", "7:9", "quote"},
		{"unclosed single quote", head + "engines:\n  - name: 'a\n    cmd: builtin\n  - name: b\n", "8:11", "quote"},
		{"unclosed flow list", head + "pgnfields: [nodes, pv\nengines:\n  - name: a\n", "7:12", "[ is never closed"},
		{"unclosed flow mapping", head + "engines:\n  - {name: a, cmd: builtin\n  - name: b\n", "8:5", "{ is never closed"},
		{"unclosed flow list at the end", head + "engines: [a, b\n", "7:10", "[ is never closed"},
		{"wrong closing bracket", "engines: [a, b}\n", "1:15", "closes the ["},
		{"stray closing bracket", head + "games: ]\n", "7:8", "nothing open"},
		{"tab indentation", head + "engines:\n\t- name: a\n", "8:1", "tab"},
		{"tab in a mapping", "engines:\n  - name: a\n  \tcmd: b\n", "3:3", "tab"},
		{"key under a key that has a value", head + "sprt: 5\n  elo0: 0\n", "8:3", "deeper"},
		{"key outdented in a list entry", head + "engines:\n  - name: a\n    cmd: builtin\n   tc: 1\n", "10:4", "matches no block"},
		{"key among list entries", head + "engines:\n  - a\n  b: c\n", "9:3", "list above"},
		{"list entry among keys", head + "event: x\n- a\n", "8:1", "mapping above"},
		{"colon in a plain value", head + "site: a: b\n", "7:8", "quotes"},
		{"text after a quoted value", head + "site: \"lab\" x\n", "7:13", "after the end"},
		{"reserved character", head + "event: @home\n", "7:8", "quotes"},
		{"backtick", head + "event: `x`\n", "7:8", "quotes"},
		{"unknown alias", head + "each: &e {tc: 1}\nsite: *nope\n", "8:7", "*nope"},
		{"anchor without a name", head + "event: & x\n", "7:8", "anchor"},
		{"bad tag", head + "event: !<> x\n", "7:8", "tag"},
		{"unknown directive", "%FOO bar\n---\nevent: x\n", "1:1", "directive"},
		{"block text outdented", head + "event: |\n    line one\n   line two\ngames: 2\n", "9:4", "indented less"},
		{"block text left", head + "event: |\n  x\n y\n", "9:2", "indented less"},
		{"unclosed quoted key", head + "\"event: x\nsite: lab\n", "7:1", "quote"},
		{"key deeper in a list entry", head + "engines:\n  - name: a\n     cmd: b\n", "9:6", "deeper"},
		{"key outdented in each", head + "each:\n  cmd: builtin\n tc: 1\n", "9:2", "matches no block"},
		{"percent sign", head + "event: %x\n", "7:8", "quotes"},
		{"list on its key's line", head + "engines: - a\n", "7:10", "next line"},
		{"no space after the colon", head + "games:4\n", "7:1", "a colon and a space"},
		{"unknown alias in a flow", head + "engines:\n  - {name: a, <<: *nope}\n", "8:19", "*nope"},
		{"dash outdented", head + "engines:\n  - a\n - b\n", "9:2", "indent by 0 or 2 spaces"},
		{"unknown escape", head + "pgnout: \"C:\\games\\out.pgn\"\n", "7:12", "unknown escape \\g"},
		{"short unicode escape", head + "event: \"\\u12x4\"\n", "7:9", "4 hexadecimal digits"},
		{"control character", head + "event: a\x01b\n", "7:9", "control character U+0001"},
		{"not UTF-8", head + "site: caf\xe9\n", "7:10", "not UTF-8"},
		{"text after |", head + "event: | text\n  more\n", "7:10", "next line"},
		{"second document broken", head + "---\nengines: [a\n", "8:10", "[ is never closed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig("bad.yaml", []byte(tc.text))
			if err == nil {
				t.Fatalf("no error for:\n%s", tc.text)
			}
			var line, col int
			fmt.Sscanf(tc.at, "%d:%d", &line, &col)
			want := fmt.Sprintf("bad.yaml:%s: YAML syntax: ", tc.at)
			msg := err.Error()
			if !strings.HasPrefix(msg, want) || !strings.Contains(msg, tc.says) {
				t.Fatalf("got:\n%s\nwant it to start %q and say %q", msg, want, tc.says)
			}
			quoted := strings.NewReplacer("\x01", "?", "\xe9", "?").Replace(strings.Split(tc.text, "\n")[line-1])
			if !strings.Contains(msg, fmt.Sprintf("\n  %d | %s\n", line, quoted)) {
				t.Errorf("line %d not quoted:\n%s", line, msg)
			}
			caret := msg[strings.LastIndex(msg, "| ")+2:]
			if caret != strings.Repeat(" ", col-1)+"^" && !strings.Contains(quoted, "\t") {
				t.Errorf("caret not under column %d:\n%s", col, msg)
			}
		})
	}
}

// Duplicate keys are not a syntax error to yaml.v3's node reader: the run
// file reader names the second one, and the line of the first.
func TestYAMLDuplicateKeyNamesBothLines(t *testing.T) {
	_, err := ParseConfig("bad.yaml", []byte("games: 2\nseed: 1\n  # a comment\ngames: 4\n"))
	if err == nil || !strings.Contains(err.Error(), `bad.yaml:4:1: duplicate key "games" (first at line 1)`) {
		t.Fatalf("got %v", err)
	}
}

// The scanner is asked only once yaml.v3 has refused a file, but a fault it
// saw in valid YAML would hide the real one: it sees none in the shipped
// run files and the test files.
func TestSyntaxScannerPassesValidFiles(t *testing.T) {
	files, _ := filepath.Glob("../../../../configs/*.yaml")
	more, _ := filepath.Glob("testdata/yaml/*.yaml")
	more2, _ := filepath.Glob("../../../../configs/*/*.yaml")
	files = append(append(files, more...), more2...)
	if len(files) < 5 {
		t.Fatalf("only %d files found", len(files))
	}
	tricky := []string{
		"event: a long\n  plain value\nsite: \"quoted\n  over lines\"\nengines:\n- name: a\n- name: b\n",
		"each: &e {tc: 1, o: &o {x: 1}}\nengines:\n  - {<<: *e, name: a}\n  - <<: *o\n    name: b # a comment: with a colon\n",
		"event: |\n  text\n\n    deeper\nsite: >-\n  folded\npgnfields: [nodes,\n  pv]\n",
		"engines:\r\n  - name: 'it''s'\r\n    args: [\"a]\", '{b'] # ] }\r\n---\nsite: x:y http://z\n",
	}
	for i, text := range tricky {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
			t.Fatalf("tricky %d is not valid YAML: %v", i, err)
		}
		if fault, ok := findSyntaxFault([]byte(text)); ok {
			t.Errorf("tricky %d: %d:%d: %s, in valid YAML", i, fault.line, fault.col, fault.what)
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc yaml.Node
		if yaml.Unmarshal(data, &doc) != nil {
			continue // broken on purpose
		}
		if fault, ok := findSyntaxFault(data); ok {
			t.Errorf("%s:%d:%d: %s, in a file yaml.v3 reads", f, fault.line, fault.col, fault.what)
		}
	}
}
