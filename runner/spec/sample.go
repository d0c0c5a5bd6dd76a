package spec

import "fmt"

// SampleConfig asks for training data: positions sampled from the games as
// they finish, each with the engine's score, the game's result and the
// move played, in a form NNUE trainers read (c-chess-cli's -sample).
type SampleConfig struct {
	File string `json:"file"`
	// Freq is the chance each eligible position is kept (0 < Freq <= 1).
	Freq float64 `json:"freq"`
	// SkipCheck leaves out positions whose side to move is in check; Quiet
	// leaves out those too and positions whose move captures or promotes.
	SkipCheck bool `json:"skipcheck,omitempty"`
	Quiet     bool `json:"quiet,omitempty"`
	// MinPly leaves out the positions before this ply of the game, counted
	// from its start position (the opening's moves included).
	MinPly int `json:"plies,omitempty"`
	// Format is SampleEPD (the default), SampleCSV or SampleJSONL.
	Format string `json:"format,omitempty"`
	// Move adds the move played from the position (UCI).
	Move bool `json:"move,omitempty"`
}

// Sample formats.
const (
	SampleEPD   = "epd"
	SampleCSV   = "csv"
	SampleJSONL = "jsonl"
)

// complete fills the defaults and checks the rest.
func (s *SampleConfig) complete() error {
	if s.Format == "" {
		s.Format = SampleEPD
	}
	if s.Freq == 0 {
		s.Freq = 1
	}
	switch {
	case s.File == "":
		return fmt.Errorf("sample: missing file=")
	case s.Freq < 0 || s.Freq > 1 || s.Freq != s.Freq:
		return fmt.Errorf("sample: freq=%v: a chance between 0 and 1", s.Freq)
	case s.MinPly < 0:
		return fmt.Errorf("sample: plies=%d: not a ply", s.MinPly)
	case s.Format != SampleEPD && s.Format != SampleCSV && s.Format != SampleJSONL:
		return fmt.Errorf("sample: format=%s: epd, csv or jsonl", s.Format)
	}
	return nil
}
