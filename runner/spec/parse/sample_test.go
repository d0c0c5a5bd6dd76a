package parse

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/runner/spec"
)

func TestSampleSpec(t *testing.T) {
	s, err := Sample("file=t.csv freq=0.25 decay=0.05 skipcheck=true quiet=false plies=8 format=csv-autoplay move=true resolve=n")
	if err != nil {
		t.Fatal(err)
	}
	want := spec.SampleConfig{File: "t.csv", Freq: 0.25, Decay: 0.05, SkipCheck: true, MinPly: 8, Format: spec.SampleCSVAutoplay, Move: true}
	if *s != want {
		t.Errorf("%+v, want %+v", *s, want)
	}
	for text, msg := range map[string]string{
		"freq=0.5":               "missing file=",
		"file=a freq=0":          "freq=0",
		"file=a freq=x":          "freq=x",
		"file=a format=bin":      "format=bin",
		"file=a plies=-1":        "plies=-1",
		"file=a skipcheck=maybe": "skipcheck=maybe",
		"file=a every=2":         `unknown key "every"`,
		"file=a decay=-1":        "decay=-1: 0 or more",
		"file=a resolve=y":       "resolve=y: c-chess-cli's PV resolution is not implemented",
		"file=a quiet":           `"quiet": expected key=value`,
	} {
		if _, err := Sample(text); err == nil || !strings.Contains(err.Error(), msg) || !strings.HasPrefix(err.Error(), "sample: ") {
			t.Errorf("%q: %v, want an error about %s", text, err, msg)
		}
	}
}
