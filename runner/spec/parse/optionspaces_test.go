package parse

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

// Option names with spaces are written as cutechess-cli users write them:
// after "option." the bare words up to the one with '=' are the name.
func TestOptionNamesWithSpacesNeedNoQuotes(t *testing.T) {
	for text, want := range map[string][]spec.EngineOption{
		`cmd=/usr/games/stockfish name=sf option.Skill Level=3`: {{Name: "Skill Level", Value: "3"}},
		`option.Move Overhead Ms=30 name=x`:                     {{Name: "Move Overhead Ms", Value: "30"}},
		`option.Skill Level=3 option.Hash=16`:                   {{Name: "Skill Level", Value: "3"}, {Name: "Hash", Value: "16"}},
		`option.UCI Elo="1500" name=x`:                          {{Name: "UCI Elo", Value: "1500"}},
		`"option.Skill Level=3"`:                                {{Name: "Skill Level", Value: "3"}},
	} {
		e := spec.DefaultEngineConfig()
		err := EngineSpec(&e, text)
		if err != nil || len(e.Options) != len(want) {
			t.Errorf("%s: %+v (%v), want %+v", text, e.Options, err, want)
			continue
		}
		for i := range want {
			if e.Options[i] != want[i] {
				t.Errorf("%s: %+v, want %+v", text, e.Options, want)
			}
		}
	}
}

// What stays ambiguous is refused with the quoted form that says it.
func TestAmbiguousBareWordsShowTheQuotedForm(t *testing.T) {
	for text, want := range map[string]string{
		`name=My Engine`:      `name="My Engine"`,
		`option.Skill Level`:  `"option.Skill Level=VALUE"`,
		`option.Hash=16 more`: `option.Hash="16 more"`,
		`lonely`:              `"lonely": expected key=value`,
	} {
		e := spec.DefaultEngineConfig()
		err := EngineSpec(&e, text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error showing %s", text, err, want)
		}
	}
}
