package spec

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestParseTimeControlReadsPeriods(t *testing.T) {
	sec := time.Second
	tests := []struct {
		in      string
		periods []Period
		pgn     string
	}{
		{"40/5400+30:1800+30", []Period{{40, 5400 * sec, 30 * sec}, {0, 1800 * sec, 30 * sec}}, "40/5400+30:1800+30"},
		{"40/7200:20/3600:900+30", []Period{{40, 7200 * sec, 0}, {20, 3600 * sec, 0}, {0, 900 * sec, 30 * sec}}, "40/7200:20/3600:900+30"},
		{"4/1+0.1:0.5+0.1", []Period{{4, sec, 100 * time.Millisecond}, {0, 500 * time.Millisecond, 100 * time.Millisecond}}, "4/1+0.1:0.5+0.1"},
		{"40/120+0:30", []Period{{40, 120 * sec, 0}, {0, 30 * sec, 0}}, "40/120:30"},
		{"40/120:60", []Period{{40, 120 * sec, 0}, {0, 60 * sec, 0}}, "40/120:60"}, // 60 is no M:SS seconds
		{"40/120:20/60", []Period{{40, 120 * sec, 0}, {20, 60 * sec, 0}}, "40/120:20/60"},
		// One colon between whole minutes and two-digit seconds is M:SS.
		{"40/1:30+1", []Period{{40, 90 * sec, sec}}, "40/90+1"},
		{"1:30", []Period{{0, 90 * sec, 0}}, "90"},
		{"2:05.5+0.1", []Period{{0, 125500 * time.Millisecond, 100 * time.Millisecond}}, "125.5+0.1"},
		{"40/120:30", []Period{{40, 2*time.Hour + 30*sec, 0}}, "40/7230"},
	}
	for _, tt := range tests {
		tc, err := ParseTimeControl(tt.in)
		if err != nil {
			t.Errorf("ParseTimeControl(%q): %v", tt.in, err)
			continue
		}
		if tc.Periods() != len(tt.periods) {
			t.Errorf("ParseTimeControl(%q) has %d periods, want %d", tt.in, tc.Periods(), len(tt.periods))
			continue
		}
		for i, want := range tt.periods {
			if got := tc.Period(i); got != want {
				t.Errorf("ParseTimeControl(%q) period %d = %+v, want %+v", tt.in, i+1, got, want)
			}
		}
		if s := tc.String(); s != tt.pgn {
			t.Errorf("ParseTimeControl(%q).String() = %q, want %q", tt.in, s, tt.pgn)
		}
		if back, err := ParseTag(tc.String()); err != nil || back != tc {
			t.Errorf("the tag %q reads back as %+v, %v", tc.String(), back, err)
		}
		if back, err := ParseTimeControl(tc.Key()); err != nil || back != tc {
			t.Errorf("the key tc=%s reads back as %+v, %v", tc.Key(), back, err)
		}
	}
}

func TestParseTimeControlRefusesBadPeriods(t *testing.T) {
	for in, want := range map[string]string{
		"60:30+1":                  "", // M:SS: 60 min 30 s, +1
		"300+1:60":                 "period 1",
		"40/60:x":                  "base time",
		"40/60:0/30":               "moves per period",
		"1:2:3:4:5:6:7:8:9":        "at most 8",
		strings.Repeat(":", 1<<20): "1048577 periods",
		"40/60:20/30:10:5":         "period 3",
		"40/90:1:30":               "period 2", // no M:SS inside periods
		"*0":                       "hourglass",
		"40/5400+30:1800+-1":       "increment",
	} {
		_, err := ParseTimeControl(in)
		if want == "" {
			if err != nil {
				t.Errorf("ParseTimeControl(%q): %v", in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseTimeControl(%q) error = %v, want one mentioning %q", in, err, want)
		}
	}
}

func TestOnePeriodFormReadsEveryColonAsMinutes(t *testing.T) {
	tc, err := ParseOnePeriod("40/90:30")
	if err != nil || tc.Periods() != 1 || tc.Base != 90*time.Minute+30*time.Second {
		t.Errorf("ParseOnePeriod(40/90:30) = %+v, %v; want 40 moves in 90:30", tc, err)
	}
	if _, err := ParseOnePeriod("40/5400+30:1800+30"); err == nil {
		t.Error("the tools' one-period form read two periods")
	}
}

func TestHourglassIsTheStandardsSandclock(t *testing.T) {
	tc, err := ParseTimeControl("*60")
	if err != nil || !tc.Hourglass || tc.Base != time.Minute || tc.String() != "*60" {
		t.Errorf("ParseTimeControl(*60) = %+v (%q), %v", tc, tc.String(), err)
	}
}

func TestTimeControlJSONKeepsOldFormAndCarriesNewFields(t *testing.T) {
	plain := TimeControl{Moves: 40, Base: time.Minute, Inc: time.Second}
	b, err := json.Marshal(plain)
	if want := `{"Moves":40,"Base":60000000000,"Inc":1000000000,"MoveTime":0,"Nodes":0,"Depth":0}`; err != nil || string(b) != want {
		t.Errorf("a one-period clock's JSON = %s, %v; want the form it always had, %s (resume fingerprints hash it)", b, err, want)
	}
	full, _ := ParseTimeControl("40/7200:20/3600:900+30")
	full.Delay, full.Bronstein = 2*time.Second, true
	b, err = json.Marshal(full)
	if err != nil {
		t.Fatal(err)
	}
	var back TimeControl
	if err := json.Unmarshal(b, &back); err != nil || back != full {
		t.Errorf("%s read back as %+v, %v; want %+v", b, back, err, full)
	}
}

func TestEngineChecksRefuseUnplayableClocks(t *testing.T) {
	periods, _ := ParseTimeControl("40/5400+30:1800+30")
	for name, tt := range map[string]struct {
		tc    TimeControl
		proto Protocol
		want  string
	}{
		"xboard periods":   {periods, XBoard, "XBoard's level command holds a single period"},
		"hourglass inc":    {TimeControl{Base: time.Minute, Inc: time.Second, Hourglass: true}, UCI, "an hourglass is one time"},
		"hourglass moves":  {TimeControl{Moves: 40, Base: time.Minute, Hourglass: true}, UCI, "an hourglass is one time"},
		"delay no clock":   {TimeControl{Nodes: 1000, Delay: time.Second}, UCI, "a delay needs a clock"},
		"uci periods":      {periods, UCI, ""},
		"xboard hourglass": {TimeControl{Base: time.Minute, Hourglass: true}, XBoard, ""},
		"xboard delay":     {TimeControl{Base: time.Minute, Delay: time.Second}, XBoard, ""},
	} {
		e := EngineConfig{Name: "e", Cmd: "e", Proto: tt.proto, TC: tt.tc}
		err := e.Validate()
		if tt.want == "" {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
		} else if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error = %v, want one saying %q", name, err, tt.want)
		}
	}
}

func TestHourglassOnOneSideOnlyIsRefused(t *testing.T) {
	a := EngineConfig{Name: "a", TC: TimeControl{Base: time.Minute, Hourglass: true}}
	b := EngineConfig{Name: "b", TC: TimeControl{Base: time.Minute}}
	if err := checkHourglass([]EngineConfig{a, b}); err == nil || !strings.Contains(err.Error(), "engine a plays an hourglass") {
		t.Errorf("error = %v", err)
	}
	b.TC.Hourglass = true
	if err := checkHourglass([]EngineConfig{a, b}); err != nil {
		t.Error(err)
	}
}
