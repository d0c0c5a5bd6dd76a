package spec

// OpeningsConfig says where games start: a suite file and how to walk it.
type OpeningsConfig struct {
	File   string
	Format string // "epd" or "pgn"; guessed from the file name when empty
	Order  string // "sequential" (default) or "random"
	Plies  int    // PGN openings: play at most this many plies (0 = all)
	Start  int    // 1-based index of the first opening (sequential order)
	Policy string `json:",omitempty"` // "fail" (default): a bad opening the run would play is an error; "skip": bad ones are left out
	// Random draws Chess960 start positions instead of a file: "frc" (one
	// array for both sides) or "dfrc" (Double Chess960, an array each).
	Random string `json:",omitempty"`
	// EPDWithoutCounters starts every EPD opening at move 1 with a zero
	// halfmove clock, whatever counters its line holds, as cutechess-cli
	// reads EPD (four fields, the rest operations): the engines see the
	// position as that tool sends it.
	EPDWithoutCounters bool `json:",omitempty"`
	// Shuffle, for the drop-in modes, shuffles the suite once from the seed
	// as fastchess or cutechess-cli does (ShuffleFastchess,
	// ShuffleCutechess) when Order is random, so the same -srand plays the
	// same openings; "" draws autoplay's own way.
	Shuffle string `json:",omitempty"`
	// Cycle plays only the first Cycle openings from Start, over and over
	// (0 = all): fastchess cuts its suite to -rounds openings.
	Cycle int `json:",omitempty"`
}

// NoOpenings says every game starts from the initial position: no suite,
// no random starts, and an engine without a book of its own. Engines that
// search alike every time then play the same games over and over.
func (c *Config) NoOpenings() bool {
	if c.Openings.File != "" || c.Openings.Random != "" {
		return false
	}
	for _, e := range c.Engines {
		if e.Book == "" {
			return true
		}
	}
	return len(c.Engines) == 0
}

// Random start positions.
const (
	RandomFRC  = "frc"
	RandomDFRC = "dfrc"
)

// Tools whose random order Shuffle copies.
const (
	ShuffleFastchess = "fastchess"
	ShuffleCutechess = "cutechess"
)

// Opening policies.
const (
	PolicyFail = "fail"
	PolicySkip = "skip"
)
