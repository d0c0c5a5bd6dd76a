package xboard

import (
	"reflect"
	"testing"
)

func TestParseOptionFromFairyMax(t *testing.T) {
	tests := []struct {
		line int
		want Option
	}{
		{7, Option{Name: "Resign", Type: OptionCheck, Default: "0"}},
		{8, Option{Name: "Resign Threshold", Type: OptionSpin, Default: "800", Min: 200, Max: 1200}},
		{9, Option{Name: "Claim draw after", Type: OptionSpin, Default: "50", Min: 0, Max: 200}},
		{10, Option{Name: "Ini File", Type: OptionFile, Default: "/usr/share/games/fairymax/fmax.ini"}},
		{13, Option{Name: "Makruk rules", Type: OptionCombo, Default: "makruk", Vars: []string{"makruk", "Cambodian", "Ai-wok"}}},
		{14, Option{Name: "Dummy Slider Example", Type: OptionSlider, Default: "20", Min: 0, Max: 100}},
		{15, Option{Name: "Dummy String Example", Type: OptionString, Default: "happy birthday!"}},
		{16, Option{Name: "Dummy Path Example", Type: OptionPath, Default: "."}},
		{18, Option{Name: "Info", Type: OptionButton}},
		{19, Option{Name: "Save in hash file", Type: OptionButton}},
	}
	for _, tt := range tests {
		var msg EngineMessage
		must(t, ParseEngineLine(realLine(t, "fairymax_game.txt", tt.line), &msg))
		if len(msg.Features) != 1 || msg.Features[0].Name != "option" {
			t.Fatalf("line %d: %+v is not one option feature", tt.line, msg.Features)
		}
		got, err := ParseOption(msg.Features[0].Value)
		if err != nil {
			t.Errorf("line %d: %v", tt.line, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("line %d:\n got %+v\nwant %+v", tt.line, got, tt.want)
		}
		// And back: the declaration we would write reads the same.
		again, err := ParseOption(string(AppendOption(nil, &got)))
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("line %d: wrote %q, read back %+v, %v", tt.line, AppendOption(nil, &got), again, err)
		}
	}
}

func TestParseOptionFromTheSpec(t *testing.T) {
	tests := []struct {
		decl string
		want Option
	}{
		{"Style -combo Solid /// *Normal /// Risky", Option{Name: "Style", Type: OptionCombo, Default: "Normal", Vars: []string{"Solid", "Normal", "Risky"}}},
		{"Save -save", Option{Name: "Save", Type: OptionSave}},
		{"Defaults -reset", Option{Name: "Defaults", Type: OptionReset}},
		{"Book -string", Option{Name: "Book", Type: OptionString}},
		{"Contempt -spin -20 -100 100", Option{Name: "Contempt", Type: OptionSpin, Default: "-20", Min: -100, Max: 100}},
	}
	for _, tt := range tests {
		got, err := ParseOption(tt.decl)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q:\n got %+v, %v\nwant %+v", tt.decl, got, err, tt.want)
		}
	}
	for decl, want := range map[string]string{
		"Hash":                   `option "Hash": no known -type`,
		"Hash -spin 1 2":         `option "Hash": want VALUE MIN MAX, got "1 2"`,
		"Hash -spin a 1 2":       `option "Hash": want VALUE MIN MAX, got "a 1 2"`,
		"Ponder -check yes":      `option "Ponder": check value "yes" is not 0 or 1`,
		" -button":               `option " -button": missing name`,
		"Threads -slider 1 1 x ": `option "Threads": want VALUE MIN MAX, got "1 1 x"`,
	} {
		if _, err := ParseOption(decl); err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %q", decl, err, want)
		}
	}
}

func TestAppendFeatures(t *testing.T) {
	got := string(AppendFeatures(nil, Feature{"ping", "1"}, Feature{"setboard", "1"}, Feature{"myname", "autoplay 1.0"},
		Feature{"option", "Hash -spin 16 1 1024"}, Feature{"done", "1"}))
	want := `feature ping=1 setboard=1 myname="autoplay 1.0" option="Hash -spin 16 1 1024" done=1` + "\n"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	var msg EngineMessage
	must(t, ParseEngineLine([]byte(got), &msg))
	if len(msg.Features) != 5 || msg.Features[2] != (Feature{"myname", "autoplay 1.0"}) || !msg.Features[4].Bool() {
		t.Errorf("read back %+v", msg.Features)
	}
}
