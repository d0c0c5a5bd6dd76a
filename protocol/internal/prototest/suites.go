package prototest

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The suites both protocols' tests run, each over its own parser: the
// protocols differ in their lines, not in what is asked of their parsers.

// ParsesWithoutAllocating checks that parse, into one message reused as a
// game's reader reuses it, allocates nothing for any of lines. The first
// line is parsed once before, so that the message's slices have the
// capacity they have in a running game.
func ParsesWithoutAllocating[M any](t *testing.T, parse func([]byte, *M) error, lines ...[]byte) {
	t.Helper()
	var msg M
	if err := parse(lines[0], &msg); err != nil {
		t.Fatal(err)
	}
	for _, line := range lines {
		allocs := testing.AllocsPerRun(100, func() {
			if err := parse(line, &msg); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%q: %v allocations per parse, want 0", line, allocs)
		}
	}
}

// WritesWithoutAllocating checks that each writer, by name, allocates
// nothing when its buffer has room.
func WritesWithoutAllocating(t *testing.T, writers map[string]func()) {
	t.Helper()
	for name, write := range writers {
		if allocs := testing.AllocsPerRun(100, write); allocs != 0 {
			t.Errorf("%s: %v allocations, want 0", name, allocs)
		}
	}
}

// LineCase is a line and what it must parse to (or, for a refused
// command, the error it must give).
type LineCase[T any] struct {
	Line string
	Want T
}

// ParsesCommands checks that parse reads each case's line as it wants,
// without error.
func ParsesCommands[C any](t *testing.T, parse func(string) (C, error), cases []LineCase[C]) {
	t.Helper()
	for _, tt := range cases {
		got, err := parse(tt.Line)
		if err != nil {
			t.Errorf("%q: %v", tt.Line, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.Want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tt.Line, got, tt.Want)
		}
	}
}

// RefusesCommands checks that parse refuses each case's line with the
// error it wants.
func RefusesCommands[C any](t *testing.T, parse func(string) (C, error), cases []LineCase[string]) {
	t.Helper()
	for _, tt := range cases {
		_, err := parse(tt.Line)
		if err == nil || err.Error() != tt.Want {
			t.Errorf("%q: error %v, want %q", tt.Line, err, tt.Want)
		}
	}
}

// ParsesEngineLines checks that parse reads each case's engine line as it
// wants, without error; same compares two messages as the protocol's tests
// do.
func ParsesEngineLines[M any](t *testing.T, parse func([]byte, *M) error, same func(a, b M) bool, cases []LineCase[M]) {
	t.Helper()
	for _, tt := range cases {
		var got M
		if err := parse([]byte(tt.Line), &got); err != nil {
			t.Errorf("%q: %v", tt.Line, err)
			continue
		}
		if !same(got, tt.Want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tt.Line, got, tt.Want)
		}
	}
}

// CaptureCase is a line of a capture of real engine output in testdata
// and the message it must parse to.
type CaptureCase[M any] struct {
	Name string
	File string
	Line int
	Want M
}

// ParsesCaptures checks that parse reads each case's line of its capture
// as it wants; same compares two messages as the protocol's tests do.
func ParsesCaptures[M any](t *testing.T, parse func([]byte, *M) error, same func(a, b M) bool, cases []CaptureCase[M]) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.Name, func(t *testing.T) {
			var got M
			if err := parse(RealLine(t, tt.File, tt.Line), &got); err != nil {
				t.Fatalf("%s:%d: %v", tt.File, tt.Line, err)
			}
			if !same(got, tt.Want) {
				t.Errorf("%s:%d:\n got %+v\nwant %+v", tt.File, tt.Line, got, tt.Want)
			}
		})
	}
}

// AddCaptures seeds a fuzz target with every line of every capture in
// testdata.
func AddCaptures(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.txt"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			f.Add(string(line))
		}
	}
}
