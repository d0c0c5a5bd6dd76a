// Package record holds a finished game: its plies, outcome, termination and
// ending (built and read back from one table), and its forms on disk and on
// the wire: PGN (autoplay's, and cutechess-cli's and fastchess's), EPD,
// JSON lines and the compact ply form.
//
// It must not know how a game is played or run: no engines, no processes,
// no schedule; of the run's configuration it reads spec's plain types.
package record
