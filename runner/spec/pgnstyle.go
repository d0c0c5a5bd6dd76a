package spec

// PGNStyle names a tool whose PGN tags a run writes.
type PGNStyle string

// PGN styles.
const (
	PGNAutoplay  PGNStyle = ""          // autoplay's tags: OpeningSource, Termination always
	PGNCutechess PGNStyle = "cutechess" // cutechess-cli 1.2's: the roster, then the rest sorted by name
	PGNFastchess PGNStyle = "fastchess" // fastchess 1.8's: EngineWhiteName..., fixed order
)

// RoundTag is the PGN Round tag of game number (1-based). A pyramid with
// RoundGames (its games per encounter) counts cutechess-cli's rounds, one
// a climber.
func (c *Config) RoundTag(number int) int {
	if c.RoundGames <= 0 {
		return number
	}
	if c.Type == TypePyramid && len(c.Engines) >= 2 {
		return pyramidRound(len(c.Engines), (number-1)/c.RoundGames)
	}
	return (number-1)/c.RoundGames + 1
}
