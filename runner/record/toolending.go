package record

import "strings"

// tbReason is the one adjudication detail cutechess-cli and fastchess
// print themselves ("Draw by adjudication: SyzygyTB").
const tbReason = "SyzygyTB"

// ToolEnding is a game's ending as cutechess-cli 1.2 and fastchess 1.8
// word it: an adjudication by the engines' scores or by the move limit is
// "Draw by adjudication" or "White wins by adjudication", without
// autoplay's detail (": move limit", ": Black's score at or below ...");
// the tables' keep ": SyzygyTB", as both tools write it. Every other
// ending is the tools' words already.
func ToolEnding(text string) string {
	for _, prefix := range []string{"Draw by adjudication", White.String() + " wins by adjudication", Black.String() + " wins by adjudication"} {
		if rest, ok := strings.CutPrefix(text, prefix+": "); ok && rest != tbReason {
			return prefix
		}
	}
	return text
}
