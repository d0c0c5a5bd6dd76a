// Package parse reads configuration text into spec's types: engine specs
// (key=value), --openings, the --sprt, --draw and --resign values, and YAML
// run files, with errors that name the file, line and column.
//
// It must not know how a run is played: it builds a spec.Config and
// imports nothing of runner beyond runner/spec.
package parse
