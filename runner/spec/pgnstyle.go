package spec

// PGNStyle names a tool whose PGN tags a run writes.
type PGNStyle string

// PGN styles.
const (
	PGNAutoplay  PGNStyle = ""          // autoplay's tags: OpeningSource, Termination always
	PGNCutechess PGNStyle = "cutechess" // cutechess-cli 1.2's: the roster, then the rest sorted by name
	PGNFastchess PGNStyle = "fastchess" // fastchess 1.8's: EngineWhiteName..., fixed order
)
