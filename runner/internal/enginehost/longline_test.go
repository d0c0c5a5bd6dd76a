package enginehost

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// lineCounter is a decoder that keeps the length of each line it is given.
type lineCounter struct{ lengths chan int }

func (d lineCounter) decode(line []byte, ev *Event) bool {
	d.lengths <- len(line)
	return false
}

// A line longer than the reader's small buffer but within maxOutputLine arrives
// whole; a line beyond maxOutputLine is cut, not delivered; the lines after both
// arrive as they were.
func TestLongLinesArriveWholeUpToTheLimit(t *testing.T) {
	script := `head -c 10000 /dev/zero | tr '\0' a; echo; head -c 100000 /dev/zero | tr '\0' b; echo; echo short; head -c 5000 /dev/zero | tr '\0' c; echo`
	cfg := spec.DefaultEngineConfig()
	cfg.Cmd, cfg.Args = "/bin/sh", []string{"-c", script}
	dec := lineCounter{lengths: make(chan int, 16)}
	p, err := startProcess(&cfg, dec, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.kill()
	deadline := time.After(10 * time.Second)
	for ev := range p.events {
		if ev.Kind == KindExit {
			break
		}
		select {
		case <-deadline:
			t.Fatal("the engine's lines did not end")
		default:
		}
	}
	close(dec.lengths)
	var got []string
	for n := range dec.lengths {
		got = append(got, strconv.Itoa(n))
	}
	if strings.Join(got, " ") != "10000 5 5000" {
		t.Errorf("line lengths delivered: %v, want 10000 5 5000 (the 100000-byte line cut)", got)
	}
}

// A raw session is told of a line too long to read: its start and its
// whole size, between the lines around it.
func TestRawSessionHearsOfACutLine(t *testing.T) {
	script := `echo before; printf 'id author '; head -c 100000 /dev/zero | tr '\0' a; echo; echo after`
	cfg := spec.DefaultEngineConfig()
	cfg.Cmd, cfg.Args = "/bin/sh", []string{"-c", script}
	raw, err := StartRaw(&cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close(nil, 0)
	var got []string
	for ev := range raw.Events() {
		if ev.Kind == KindExit {
			break
		}
		got = append(got, fmt.Sprintf("%.12s %d %d", ev.Text, len(ev.Text), ev.N))
	}
	want := "before 6 0|id author aa 1024 100011|after 5 0"
	if strings.Join(got, "|") != want {
		t.Errorf("raw lines %q, want %q", strings.Join(got, "|"), want)
	}
}
