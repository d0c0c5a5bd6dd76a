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
	// Decay thins positions far from the last capture or pawn move, as
	// c-chess-cli's decay= does: a position is kept with the chance
	// Freq·exp(−Decay·halfmove clock).
	Decay float64 `json:"decay,omitempty"`
	// Format is SampleEPD (the default), SampleCSV (c-chess-cli's),
	// SampleCSVAutoplay or SampleJSONL.
	Format string `json:"format,omitempty"`
	// Move adds the move played from the position (UCI).
	Move bool `json:"move,omitempty"`
}

// Sample formats.
const (
	SampleEPD = "epd"
	// SampleCSV is c-chess-cli's -sample CSV, which training pipelines
	// read: FEN,Eval,Result, the result 0/1/2 (loss, draw, win of the side
	// to move), a mate as 32767−moves or −32768+moves.
	SampleCSV = "csv"
	// SampleCSVAutoplay is autoplay's own CSV (csv before c-chess-cli's
	// took the name): FEN,score,result[,move], the result 1/0/−1, a mate
	// as ±(32000 − plies).
	SampleCSVAutoplay = "csv-autoplay"
	SampleJSONL       = "jsonl"
)

// SampleFormats lists the formats, for errors.
const SampleFormats = "epd, csv (c-chess-cli's), csv-autoplay or jsonl"

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
	case s.Format != SampleEPD && s.Format != SampleCSV && s.Format != SampleCSVAutoplay && s.Format != SampleJSONL:
		return fmt.Errorf("sample: format=%s: %s", s.Format, SampleFormats)
	case s.Decay < 0 || s.Decay != s.Decay:
		return fmt.Errorf("sample: decay=%v: 0 or more (0.05 keeps a position 50 plies from the last capture or pawn move with a chance of 8%%)", s.Decay)
	case s.Format == SampleCSV && s.Move:
		return fmt.Errorf("sample: move=true: c-chess-cli's CSV (format=csv) has no move column; use format=csv-autoplay, epd or jsonl for the move")
	}
	return nil
}
