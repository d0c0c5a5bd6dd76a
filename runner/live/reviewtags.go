package live

import (
	"fmt"
	"strings"
)

// A game's PGN may hold any number of tags and comments of any size; the
// viewer keeps a bounded part of them, so a game costs the same to show
// whatever a file holds (a game of two million tags took 450 MB and 19 s).
const (
	// maxReviewTags bounds the tags a reviewed game lists; the tags the
	// viewer reads (players, result, FEN, variant, time controls) are
	// taken wherever they are.
	maxReviewTags = 100
	// maxReviewTag bounds a tag's value as listed.
	maxReviewTag = 1 << 10
	// maxReviewPlies bounds the moves read: no game under the 75-move rule
	// is longer than 17,697 plies.
	maxReviewPlies = 20000
	// maxReviewComment is how much of a move's comment is read (its
	// figures come first; the comment is listed cut to maxViewReason).
	maxReviewComment = 1 << 10
)

// viewedTags are the tags the viewer reads, kept wherever they stand.
var viewedTags = []string{"White", "Black", "Result", "FEN", "Variant", "TimeControl", "WhiteTimeControl", "BlackTimeControl"}

// reviewTags reads a game's tag section: [Name "value"] lines, the first
// maxReviewTags listed (each value cut to maxReviewTag), the viewedTags
// wherever they are; omitted is how many tags were not listed.
func reviewTags(head string) (listed [][2]string, viewed map[string]string, omitted int) {
	viewed = map[string]string{}
	for head != "" {
		line, rest, _ := strings.Cut(head, "\n")
		head = rest
		name, value, ok := tagLine(strings.TrimSuffix(line, "\r"))
		if !ok {
			continue
		}
		for _, v := range viewedTags {
			if name == v {
				viewed[v] = capped(value, maxReviewTag)
			}
		}
		if len(listed) == maxReviewTags {
			omitted++
			continue
		}
		listed = append(listed, [2]string{capped(name, maxReviewTag), capped(value, maxReviewTag)})
	}
	return listed, viewed, omitted
}

// tagLine is a [Name "value"] line's name and value (the name a word of
// letters, digits and _, the value what stands between the first and the
// last quote).
func tagLine(line string) (name, value string, ok bool) {
	if len(line) < 5 || line[0] != '[' || !strings.HasSuffix(line, `"]`) {
		return "", "", false
	}
	name, value, ok = strings.Cut(line[1:len(line)-2], ` "`)
	if !ok || name == "" || strings.IndexFunc(name, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) >= 0 {
		return "", "", false
	}
	return name, value, true
}

// capped is s cut to n bytes (on a character boundary), "…" marking a cut.
func capped(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// omittedNote says what a reviewed game does not show.
func omittedNote(tags int, pliesCut bool) string {
	var notes []string
	if tags > 0 {
		notes = append(notes, fmt.Sprintf("%d more tags not listed (the first %d are)", tags, maxReviewTags))
	}
	if pliesCut {
		notes = append(notes, fmt.Sprintf("moves after the first %d not read", maxReviewPlies))
	}
	return strings.Join(notes, "; ")
}
