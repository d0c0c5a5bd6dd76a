package uci

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/protocol/internal/scan"
)

func TestOptionValueAgainstDeclaration(t *testing.T) {
	for _, tc := range []struct {
		decl, value string
		want        string // "" = allowed, else in the error
	}{
		{"name UCI_Elo type spin default 1350 min 1350 max 2850", "2000", ""},
		{"name UCI_Elo type spin default 1350 min 1350 max 2850", "1350", ""},
		{"name UCI_Elo type spin default 1350 min 1350 max 2850", "5000", "out of the declared range (spin 1350..2850)"},
		{"name UCI_Elo type spin default 1350 min 1350 max 2850", "1349", "out of the declared range (spin 1350..2850)"},
		{"name Hash type spin default 16 min 1 max 33554432", "abc", "not a whole number (declared: spin 1..33554432)"},
		{"name Hash type spin default 16 min 1 max 33554432", "16.5", "not a whole number"},
		{"name Contempt type spin default 0 min -100 max 100", "-100", ""},
		{"name Ponder type check default false", "true", ""},
		{"name Ponder type check default false", "yes", "neither true nor false (declared: check)"},
		{"name Style type combo default Normal var Solid var Normal var Risky", "risky", ""},
		{"name Style type combo default Normal var Solid var Normal var Risky", "Wild", "not one of the declared choices (combo Solid, Normal, Risky)"},
		{"name Book File type string default <empty>", "any thing", ""},
		{"name Clear Hash type button", "", ""},
		{"name Clear Hash type button", "true", "a button takes no value"},
	} {
		var o OptionDecl
		if err := parseOptionDecl(&scan.Scanner{S: []byte(tc.decl)}, &o); err != nil {
			t.Fatal(err)
		}
		err := o.CheckValue(tc.value)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s = %q: %v", o.Name, tc.value, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s = %q: error %v, want %q", o.Name, tc.value, err, tc.want)
		}
	}
}

func TestComboMessageListsAtMostTwentyChoices(t *testing.T) {
	o := OptionDecl{Name: "Big", Type: OptionCombo}
	for i := range 5000 {
		o.Vars = append(o.Vars, strings.Repeat("v", i%7+1))
	}
	err := o.CheckValue("none")
	if err == nil || !strings.HasSuffix(err.Error(), "and 4980 more)") || len(err.Error()) > 300 {
		t.Fatalf("error = %v", err)
	}
}
