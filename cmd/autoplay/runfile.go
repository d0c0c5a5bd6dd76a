//go:build !lean

package main

import (
	"github.com/spf13/pflag"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/spec/parse/runfile"
)

// loadRunFile reads autoplay run's file with the flags given over its keys.
// Only this build links the YAML reader: the lean one hands run to it
// (lean.go), so that --help, the built-in engine and slot processes do not
// pay yaml.v3's package init.
func loadRunFile(path string, f *pflag.FlagSet) (*spec.Config, []string, error) {
	return runfile.LoadRun(path, overrides(f))
}

// overrides are the flags given over the run file's keys: only those the
// user typed, so that a flag's default never hides the file's value.
func overrides(f *pflag.FlagSet) []runfile.Override {
	var out []runfile.Override
	for _, key := range runfile.OverrideKeys {
		if flag := f.Lookup(key); flag != nil && flag.Changed {
			out = append(out, runfile.Override{Flag: "--" + key, Key: key, Value: flag.Value.String()})
		}
	}
	return out
}
