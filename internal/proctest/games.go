package proctest

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

var (
	roundTag = regexp.MustCompile(`\[Round "(\d+)"\]`)
	comments = regexp.MustCompile(`\{[^}]*\}`)
)

// GamesByRound reads the PGN file at path and maps each game's Round tag
// to its movetext without comments, the moves and result alone: two runs
// that played the same games compare equal whatever their times. It fails
// t on a game recorded twice, the sign of a job played and kept twice.
func GamesByRound(t testing.TB, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games := map[string]string{}
	for _, g := range strings.Split(string(data), "\n\n[Event ") {
		m := roundTag.FindStringSubmatch(g)
		if m == nil {
			continue
		}
		if _, twice := games[m[1]]; twice {
			t.Fatalf("game %s recorded twice in %s", m[1], path)
		}
		_, body, _ := strings.Cut(g, "\n\n")
		games[m[1]] = strings.Join(strings.Fields(comments.ReplaceAllString(body, " ")), " ")
	}
	return games
}

// SameGames fails t unless got holds exactly the games of want (both from
// GamesByRound), move for move: a distributed run against a local run of
// the same schedule.
func SameGames(t testing.TB, want, got map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d games recorded, want %d", len(got), len(want))
	}
	for round, moves := range want {
		if got[round] != moves {
			t.Errorf("game %s:\nwant %s\ngot  %s", round, moves, got[round])
		}
	}
}
