package uci

// Option names the UCI protocol itself defines, which a GUI sets with
// meaning of its own.
const (
	// OptChess960 switches the engine to Chess960: castling is written
	// king-takes-rook (e1h1) both ways.
	OptChess960 = "UCI_Chess960"
	// OptPonder tells the engine it may be asked to ponder, so that it plans
	// its time accordingly.
	OptPonder = "Ponder"
	// OptHash (MB) and OptThreads are the options the UCI text names for
	// an engine's size; reports print their values.
	OptHash    = "Hash"
	OptThreads = "Threads"
)

// OptVariant picks a variant engine's rules; OptVariantPath (Fairy-Stockfish)
// names a file of variants of the user's own, which adds choices to
// OptVariant's declared ones once the engine has read it.
const (
	OptVariant     = "UCI_Variant"
	OptVariantPath = "VariantPath"
)
