package spec

import (
	"encoding/json"
	"fmt"
)

// WireVersion numbers the form in which a run's config crosses to its slot
// processes and NATS workers. It changes whenever a field of Config (or of
// what it holds) changes meaning, so that a worker of another autoplay
// refuses a run instead of playing it wrongly.
const WireVersion = 1

// wireConfig is the config as it crosses: its version, then the config
// under its JSON names.
type wireConfig struct {
	Version int    `json:"version"`
	Config  Config `json:"config"`
}

// MarshalWire encodes a completed config for a slot process or worker.
func MarshalWire(c *Config) ([]byte, error) {
	return json.Marshal(wireConfig{Version: WireVersion, Config: *c})
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
	if err := w.Config.Complete(); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	return &w.Config, nil
}
