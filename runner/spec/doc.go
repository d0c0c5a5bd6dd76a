// Package spec is a run's configuration as plain types: Config,
// EngineConfig, TimeControl, variants, openings, adjudication; one
// idempotent Complete holding every default and every check; the rule
// functions the YAML reader shares; and the versioned wire form of a
// config (MarshalWire).
//
// It must not know how the configuration is written or used: no parsers
// of flags or YAML (runner/spec/parse), no processes, no engine host, no
// game.
package spec
