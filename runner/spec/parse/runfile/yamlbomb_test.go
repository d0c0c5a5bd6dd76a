package runfile

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// mergeBomb is a run file of a few hundred bytes whose merge keys (<<),
// expanded naively, read width^depth keys.
func mergeBomb(depth, width int) string {
	var b strings.Builder
	b.WriteString("each:\n  l0: &l0 {tc: 1}\n")
	for d := 1; d <= depth; d++ {
		refs := strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", d-1), width), ", ")
		fmt.Fprintf(&b, "  l%d: &l%d {<<: [%s]}\n", d, d, refs)
	}
	fmt.Fprintf(&b, "engines:\n  - {name: a, cmd: builtin, <<: *l%d}\n  - {name: b, cmd: builtin, <<: *l%d}\n", depth, depth)
	return b.String()
}

// A merge-key bomb is refused quickly with a message saying why, whatever
// its depth: the work a run file can cause is bounded.
func TestYAMLMergeBombIsRefusedQuickly(t *testing.T) {
	for _, depth := range []int{9, 10, 20} {
		bomb := mergeBomb(depth, 10)
		start := time.Now()
		_, err := ParseConfig("bomb.yaml", []byte(bomb))
		took := time.Since(start)
		if err == nil || !strings.Contains(err.Error(), "aliases and merge keys") {
			t.Errorf("depth %d (%d bytes): error %v", depth, len(bomb), err)
		}
		if took > 5*time.Second {
			t.Errorf("depth %d: took %v", depth, took)
		}
		t.Logf("depth %d, %d bytes: refused in %v", depth, len(bomb), took)
	}
}

// Once reading stops at a bomb, the refusal comes alone: the keys it never
// read are not reported missing (seen before: engines[1]: missing name,
// missing cmd, no time control).
func TestYAMLMergeBombIsTheOnlyProblemSaid(t *testing.T) {
	for name, file := range map[string]string{
		"under each":                  mergeBomb(10, 10),
		"the second of three engines": "x: &l0 {tc: 1}\n" + bombChain(10, 10) + "engines:\n  - {name: a, cmd: builtin, tc: 1}\n  - {<<: *l10, name: b, cmd: builtin}\n  - {name: c, cmd: builtin, tc: 1}\n",
		"one engine, the bomb first":  "x: &l0 {tc: 1}\n" + bombChain(10, 10) + "engines:\n  - {<<: *l10, name: a, cmd: builtin}\n  - {name: b, cmd: builtin, tc: 1}\n",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := ParseConfig("bomb.yaml", []byte(file))
			if err == nil || !strings.Contains(err.Error(), "aliases and merge keys") {
				t.Fatalf("error %v, want the bomb refused", err)
			}
			if lines := strings.Split(err.Error(), "\n"); len(lines) != 1 {
				t.Errorf("%d problems, want the refusal alone:\n%v", len(lines), err)
			}
		})
	}
}

// bombChain is the anchors l1..depth of a merge bomb over l0, at the top.
func bombChain(depth, width int) string {
	var b strings.Builder
	for d := 1; d <= depth; d++ {
		refs := strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*l%d, ", d-1), width), ", ")
		fmt.Fprintf(&b, "x%d: &l%d {<<: [%s]}\n", d, d, refs)
	}
	return b.String()
}

// Line breaks in YAML values are refused with the file and line.
func TestYAMLLineBreakInAnOptionIsRefused(t *testing.T) {
	_, err := ParseConfig("run.yaml", []byte("games: 2\neach: {tc: 1+0.1}\nengines:\n  - name: a\n    cmd: builtin\n    options: {Hash: \"16\\nquit\"}\n  - {name: b, cmd: builtin}\n"))
	if err == nil || !strings.Contains(err.Error(), "run.yaml:6") || !strings.Contains(err.Error(), "line break") {
		t.Errorf("error %v, want run.yaml:6 and a line break", err)
	}
}
