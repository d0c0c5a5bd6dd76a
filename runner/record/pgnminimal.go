package record

import "github.com/autoplay/autoplay/pgn"

// MinimalPGN trims a game to what cutechess-cli's "min" PGN keeps: the Seven
// Tag Roster (with SetUp/FEN and Variant, without which the moves cannot be
// replayed), the moves without comments, and the result with its reason.
func MinimalPGN(g *pgn.Game) {
	keep := g.Tags[:0]
	for _, t := range g.Tags {
		switch t.Name {
		case "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant":
			keep = append(keep, t)
		}
	}
	g.Tags = keep
	for i := range g.Moves {
		g.Moves[i].Comment = ""
	}
}
