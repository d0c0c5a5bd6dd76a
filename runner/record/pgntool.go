package record

import (
	"time"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/spec"
)

// The drop-in modes write the movetext as their tools do: their move
// times, their scores, their ending inside the last comment, and their
// move numbers.

// commentStyleOf is the style's way with a move's score and time:
// autoplay's and fastchess's times have three decimals, cutechess-cli's
// fewer as they grow.
func commentStyleOf(s spec.PGNStyle) commentStyle {
	switch s {
	case spec.PGNCutechess:
		return commentStyle{seconds: cutechessSeconds, toolScores: true}
	case spec.PGNFastchess:
		return commentStyle{seconds: seconds, toolScores: true}
	}
	return commentStyle{seconds: seconds}
}

// matePlies is a UCI "mate N" as the plies to the mate: 2N-1 for the
// side that mates, 2N for the side mated (N negative).
func matePlies(n int) int {
	if n > 0 {
		return 2*n - 1
	}
	return -2 * n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// toolMovetext writes the movetext as cutechess-cli and fastchess do: the
// ending in their words, added to the last move's comment after ", "
// ({+M1/79 0.002s, White mates}), and a number only for Black's first
// move, none after a comment (where the PGN standard, and autoplay's own
// mode, write "12... Nf6"). A game without moves has the ending as its
// only comment in cutechess-cli's PGN, and none in fastchess's, which
// writes it in a move's comment only.
func toolMovetext(g *pgn.Game, style spec.PGNStyle) {
	g.BlackNumberOnlyFirst = true
	g.Ending = ToolEnding(g.Ending)
	if len(g.Moves) == 0 && style == spec.PGNFastchess {
		g.Ending = ""
	}
	if n := len(g.Moves); n > 0 && g.Ending != "" {
		last := &g.Moves[n-1]
		if last.Comment != "" {
			last.Comment += ", "
		}
		last.Comment += g.Ending
		g.Ending = ""
	}
}

// cutechessSeconds writes a move's time as cutechess-cli does, to the
// millisecond with fewer decimals as it grows: "0s", "0.045s", "0.23s",
// "1.5s", "12s" (Qt's fixed format, trailing zeros kept: "0.10s").
func cutechessSeconds(d time.Duration) string {
	ms := d.Milliseconds()
	decimals := 0
	switch {
	case ms == 0:
		return "0s"
	case ms < 100:
		decimals = 3
	case ms < 1000:
		decimals = 2
	case ms < 10000:
		decimals = 1
	}
	return QtFixed(float64(ms)/1000, decimals) + "s"
}
