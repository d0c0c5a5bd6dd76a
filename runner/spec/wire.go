package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
)

// WireVersion numbers the forms in which a run crosses between processes:
// its config (to slot processes and NATS workers), its jobs and its game
// records (back to the run). It changes whenever one of them changes
// meaning, so that a worker of another autoplay refuses a run instead of
// playing it wrongly, and a run refuses that worker's results.
var WireVersion = wireVersionOf(wireVersion)

// wireVersion is WireVersion as text, so that a test can build an autoplay
// of another version (go build -ldflags -X ...spec.wireVersion=N).
// 2: openings walked as the drop-in mode's tool walks them (Shuffle, Cycle;
// no opening_per_round). 3: clocks of several periods, hourglass, delays
// (a worker of 2 would drop them and play other clocks).
var wireVersion = "3"

func wireVersionOf(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic("spec.wireVersion " + strconv.Quote(s) + " is not a number")
	}
	return n
}

// wireConfig is the config as it crosses: its version, then the config
// under its JSON names.
type wireConfig struct {
	Version int    `json:"version"`
	Config  Config `json:"config"`
}

// MarshalWire encodes a completed config for a slot process or worker.
func MarshalWire(c *Config) ([]byte, error) {
	flat, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	if flat, err = inWireOrder(flat); err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		Version int             `json:"version"`
		Config  json.RawMessage `json:"config"`
	}{WireVersion, flat})
}

// wireKeys is the order of a config's keys on the wire: Config's fields
// before they were grouped by concern. A coordinator's run id hashes these
// bytes, so the order stays whatever the groups; a key not listed (a
// setting added later) follows them in field order.
var wireKeys = []string{"engines", "type", "seeds", "seeds_meet", "rounds", "games", "opening_repeat", "circle_pairings",
	"no_swap", "reverse", "wait_ns", "affinity", "affinity_cpus", "slot_processes", "concurrency", "openings", "seed", "variant",
	"tb", "tb_pieces", "tb_adjudicate", "tb_after_move", "exact_scores", "pgnout", "pgn_minimal", "move_fields", "pgn_style",
	"round_games", "match_line", "games_jsonl", "sample", "epdout", "json", "log", "maxmoves", "draw", "resign", "sprt",
	"report_every", "event", "site", "quiet", "verbose"}

// inWireOrder rewrites a JSON object with its keys in wireKeys's order,
// each value's bytes as they were.
func inWireOrder(object []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(object))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	values := map[string]json.RawMessage{}
	keys := slices.Clone(wireKeys)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		values[key] = v
		if !slices.Contains(wireKeys, key) {
			keys = append(keys, key)
		}
	}
	out := []byte{'{'}
	for _, k := range keys {
		v, ok := values[k]
		if !ok {
			continue
		}
		if len(out) > 1 {
			out = append(out, ',')
		}
		out = strconv.AppendQuote(out, k)
		out = append(out, ':')
		out = append(out, v...)
	}
	return append(out, '}'), nil
}

// UnmarshalWire decodes what MarshalWire wrote and completes it again, so
// that what arrives is checked as a config written by hand would be.
func UnmarshalWire(b []byte) (*Config, error) {
	var w wireConfig
	if err := json.Unmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	if w.Version != WireVersion {
		return nil, fmt.Errorf("config of version %d, this autoplay reads version %d: run the same autoplay on both sides", w.Version, WireVersion)
	}
	w.Config.keepZeros()
	if err := w.Config.Complete(); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return &w.Config, nil
}

// keepZeros marks the zeros of a config that crossed the wire as the
// user's: it was completed before it was sent, so its 0 seed, report-every
// or time margin was given, not left for the default.
func (c *Config) keepZeros() {
	c.ZeroSeed, c.ZeroReportEvery = c.Seed == 0, c.ReportEvery == 0
	for i := range c.Engines {
		c.Engines[i].ZeroTimeMargin = c.Engines[i].TimeMargin == 0
	}
}
