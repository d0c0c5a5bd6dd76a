package stats

import (
	"strings"
	"testing"
)

func TestRatingTableLinesUpItsColumns(t *testing.T) {
	rs := []Rating{
		{Name: "stockfish", Elo: 312.44, Elo95: 45.06, Games: 40, Score: 36, Draws: 4},
		{Name: "fairymax", Elo: -0.01, Elo95: 30, Games: 40, Score: 20, Draws: 20},
		{Name: "a", Elo: -312.43, Elo95: 1234.56, Games: 3, Score: 0.5, Draws: 1},
		{Name: "idle"},
	}
	want := "" +
		"Rank Name          Elo     +/-   Games   Score   Draws\n" +
		"   1 stockfish   312.4    45.1      40   90.0%   10.0%\n" +
		"   2 fairymax      0.0    30.0      40   50.0%   50.0%\n" +
		"   3 a          -312.4  1234.6       3   16.7%   33.3%\n" +
		"   4 idle            -       -       0       -       -\n"
	if got := RatingTable(rs); got != want {
		t.Errorf("RatingTable =\n%s\nwant\n%s", got, want)
	}
}

func TestRatingTableNameColumnIsAtLeastItsHeader(t *testing.T) {
	want := "" +
		"Rank Name     Elo     +/-   Games   Score   Draws\n" +
		"   1 ab      12.0     3.0       2  100.0%    0.0%\n"
	if got := RatingTable([]Rating{{Name: "ab", Elo: 12, Elo95: 3, Games: 2, Score: 2}}); got != want {
		t.Errorf("RatingTable =\n%s\nwant\n%s", got, want)
	}
}

func TestCrosstableShowsPointsOfEachRowAgainstEachColumn(t *testing.T) {
	names := []string{"gnuchess", "stockfish", "fairymax", "idle"}
	wdl := table(4, map[[2]int]Trinomial{
		{1, 0}: {Wins: 8, Draws: 2},            // stockfish 9-1 gnuchess
		{1, 2}: {Wins: 6, Draws: 3, Losses: 1}, // stockfish 7.5-2.5 fairymax
		{2, 0}: {Wins: 5, Draws: 2, Losses: 3}, // fairymax 6-4 gnuchess
	})
	// The rating order, written out so that this test is about layout.
	rs := []Rating{{Name: "stockfish"}, {Name: "fairymax"}, {Name: "gnuchess"}, {Name: "idle"}}
	want := "" +
		"Rank Name             1        2        3        4\n" +
		"   1 stockfish        -  7.5-2.5  9.0-1.0        .\n" +
		"   2 fairymax   2.5-7.5        -  6.0-4.0        .\n" +
		"   3 gnuchess   1.0-9.0  4.0-6.0        -        .\n" +
		"   4 idle             .        .        .        -\n"
	if got := Crosstable(rs, names, wdl); got != want {
		t.Errorf("Crosstable =\n%s\nwant\n%s", got, want)
	}
}

func TestCrosstableWidensCellsForLongMatches(t *testing.T) {
	wdl := table(2, map[[2]int]Trinomial{{0, 1}: {Wins: 100, Draws: 1, Losses: 9}})
	want := "" +
		"Rank Name          1          2\n" +
		"   1 a             -  100.5-9.5\n" +
		"   2 b     9.5-100.5          -\n"
	if got := Crosstable([]Rating{{Name: "a"}, {Name: "b"}}, []string{"a", "b"}, wdl); got != want {
		t.Errorf("Crosstable =\n%s\nwant\n%s", got, want)
	}
}

// TestTablesOfARatedTournament runs Ratings into both tables: the rows come
// in rating order with each engine's own games and points.
func TestTablesOfARatedTournament(t *testing.T) {
	names := []string{"weak", "strong", "middle"}
	wdl := table(3, map[[2]int]Trinomial{
		{1, 2}: {Wins: 6, Draws: 2, Losses: 2},
		{2, 0}: {Wins: 5, Draws: 4, Losses: 1},
		{1, 0}: {Wins: 8, Draws: 2},
	})
	rs := Ratings(names, wdl)
	rating := strings.Split(RatingTable(rs), "\n")
	for k, prefix := range []string{"   1 strong ", "   2 middle ", "   3 weak "} {
		if !strings.HasPrefix(rating[k+1], prefix) {
			t.Errorf("rating line %d = %q, want it to start %q", k+1, rating[k+1], prefix)
		}
	}
	if !strings.HasSuffix(rating[1], "      20   80.0%   20.0%") {
		t.Errorf("strong's line %q: want 20 games, 80.0%% score, 20.0%% draws", rating[1])
	}
	cross := strings.Split(Crosstable(rs, names, wdl), "\n")
	if want := "   1 strong        -  7.0-3.0  9.0-1.0"; cross[1] != want {
		t.Errorf("crosstable row 1 = %q, want %q", cross[1], want)
	}
}
