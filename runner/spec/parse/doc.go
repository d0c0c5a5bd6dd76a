// Package parse reads configuration text into spec's types: engine specs
// (key=value), --openings, --sample and the --sprt, --draw and --resign
// values. YAML run files are runfile's (runner/spec/parse/runfile), so that
// a start that reads none (--help, the built-in engine, a slot process)
// does not link the YAML library and pay its package init.
//
// It must not know how a run is played: it builds a spec.Config and
// imports nothing of runner beyond runner/spec.
package parse
