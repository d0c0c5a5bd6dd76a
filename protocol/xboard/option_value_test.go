package xboard

import (
	"strings"
	"testing"
)

func TestOptionValueAgainstFeatureOption(t *testing.T) {
	for _, tc := range []struct {
		decl, value string
		want        string // "" = allowed, else in the error
	}{
		{"Resign Threshold -spin 800 200 1200", "900", ""},
		{"Resign Threshold -spin 800 200 1200", "5000", "out of the declared range (-spin 200..1200)"},
		{"Resign Threshold -spin 800 200 1200", "high", "not a whole number (declared: -spin 200..1200)"},
		{"Dummy Slider Example -slider 20 0 100", "101", "out of the declared range (-slider 0..100)"},
		{"Resign -check 0", "1", ""},
		{"Resign -check 0", "true", "neither 0 nor 1 (declared: -check)"},
		{"Makruk rules -combo makruk /// Cambodian /// Ai-wok", "Cambodian", ""},
		{"Makruk rules -combo makruk /// Cambodian /// Ai-wok", "cambodian", "not one of the declared choices (-combo makruk /// Cambodian /// Ai-wok)"},
		{"Dummy String Example -string happy birthday!", "sad", ""},
		{"Ini File -file /usr/share/games/fairymax/fmax.ini", "/tmp/x.ini", ""},
		{"Dummy Path Example -path .", "/tmp", ""},
		{"Clear Hash -button", "", ""},
		{"Clear Hash -button", "1", "a button takes no value"},
		{"Save -save", "x", "a button takes no value: give it none to press it (declared: -save)"},
	} {
		o, err := ParseOption(tc.decl)
		if err != nil {
			t.Fatal(err)
		}
		err = o.CheckValue(tc.value)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s = %q: %v", o.Name, tc.value, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s = %q: error %v, want %q", o.Name, tc.value, err, tc.want)
		}
	}
}
