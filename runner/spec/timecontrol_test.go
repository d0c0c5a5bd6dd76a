package spec

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
		pgn  string
	}{
		{"40/60+0.6", TimeControl{Moves: 40, Base: 60 * time.Second, Inc: 600 * time.Millisecond}, "40/60+0.6"},
		{"10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "10+0.1"},
		{"60", TimeControl{Base: 60 * time.Second}, "60"},
		{"1:30+1", TimeControl{Base: 90 * time.Second, Inc: time.Second}, "90+1"},
		{"40/0:30", TimeControl{Moves: 40, Base: 30 * time.Second}, "40/30"},
		{"0.5+0.005", TimeControl{Base: 500 * time.Millisecond, Inc: 5 * time.Millisecond}, "0.5+0.005"},
		{"inf", TimeControl{}, "-"},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
		if s := got.String(); s != tt.pgn {
			t.Errorf("ParseTimeControl(%q).String() = %q, want %q", tt.in, s, tt.pgn)
		}
	}
}

func TestParseTimeControlRejectsNonsense(t *testing.T) {
	for in, want := range map[string]string{
		"":        "base time",
		"abc":     "base time",
		"0":       "base time",
		"x/60":    "moves per period",
		"0/60":    "moves per period",
		"60+-1":   "increment",
		"60+fast": "increment",
	} {
		_, err := ParseTimeControl(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseTimeControl(%q) error = %v, want one mentioning %q", in, err, want)
		}
	}
}

func TestMoveTimeShowsInPGN(t *testing.T) {
	if got := (TimeControl{MoveTime: 500 * time.Millisecond}).String(); got != "0.5/move" {
		t.Errorf("got %q", got)
	}
}
