package live

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/ucitest"
)

// Variant games the runner wrote (two Fairy-Stockfish at small node
// counts: crazyhouse from its start and from a book position where a pawn
// promotes, three-check) are read back whole for the viewer: drops in SAN
// and as UCI, and the position after every move (pockets, promoted
// pieces, checks left) is the one Fairy-Stockfish reaches by the same moves.
func TestReviewOfVariantGamesIsFairyStockfishsPositions(t *testing.T) {
	sf := ucitest.FairyStockfish(t)
	for _, tc := range []struct {
		file, variant string
		want          []string // in some position's FEN or some move's SAN
	}{
		{"testdata/crazyhouse.pgn", "crazyhouse", []string{"N@e4", "Q~", "]"}},
		{"testdata/3check.pgn", "3check", []string{" 2+3 ", " 1+3 "}},
	} {
		x, err := OpenPGNIndex(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		defer x.Close()
		if string(x.Variant()) != tc.variant {
			t.Errorf("%s: the run's variant %q, want %q", tc.file, x.Variant(), tc.variant)
		}
		sf.Send("setoption name UCI_Variant value %s", tc.variant)
		var seen strings.Builder
		for n := 1; n <= x.Len(); n++ {
			fg, ok := x.Game(n)
			if !ok {
				t.Fatalf("%s: no game %d", tc.file, n)
			}
			r := reviewOf(fg.PGN)
			tags := map[string]string{}
			for _, tag := range r.Tags {
				tags[tag[0]] = tag[1]
			}
			if plies, _ := strconv.Atoi(tags["PlyCount"]); len(r.Moves) != plies || len(r.Plies) != plies || plies == 0 {
				t.Fatalf("%s game %d: %d moves read of %d (up to %v)", tc.file, n, len(r.Moves), plies, r.Plies[len(r.Plies)-1])
			}
			if r.Variant != tc.variant || len(r.Positions) != len(r.Moves)+1 || fg.Plies != len(r.Moves) {
				t.Fatalf("%s game %d: variant %q, %d positions for %d moves, %d listed", tc.file, n, r.Variant, len(r.Positions), len(r.Moves), fg.Plies)
			}
			for i, fen := range r.Positions {
				// Where a variant differs (a drop, a promotion into the
				// pocket's reach, a check counted) and the game's end: each
				// position costs Fairy-Stockfish a board print.
				if i > 0 && i < len(r.Moves) && !strings.ContainsAny(r.Plies[i-1].SAN, "@=+") {
					continue
				}
				sf.Send("position fen %s moves %s", r.Positions[0], strings.Join(r.Moves[:i], " "))
				sf.Send("d")
				line, _ := sf.Until("Fen: ")
				if want := strings.TrimPrefix(line, "Fen: "); withoutHalfmoves(fen) != withoutHalfmoves(want) {
					t.Fatalf("%s game %d after %d moves (%v): %q, Fairy-Stockfish %q", tc.file, n, i, r.Moves[:i], fen, want)
				}
				seen.WriteString(fen + "\n")
			}
			for i, p := range r.Plies {
				if strings.Contains(p.SAN, "@") && (r.Moves[i][1] != '@' || r.Moves[i][0] != p.SAN[0]) {
					t.Errorf("%s game %d: drop %s as %s", tc.file, n, p.SAN, r.Moves[i])
				}
				seen.WriteString(p.SAN + "\n")
			}
		}
		for _, w := range tc.want {
			if !strings.Contains(seen.String(), w) {
				t.Errorf("%s: no position or move holds %q", tc.file, w)
			}
		}
	}
}

// withoutHalfmoves is a FEN without its halfmove clock: Fairy-Stockfish
// sets it to 0 on a pawn drop, the chess core counts on (cutechess-cli
// resets it on every drop), which the viewer does not show.
func withoutHalfmoves(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return fen
	}
	return strings.Join(slices.Delete(f, len(f)-2, len(f)-1), " ")
}

// An atomic capture explodes the capturer, the captured piece and every
// piece but pawns around it: the viewer's positions lose them, as the
// chess core's rules say, and the game's moves are read to its end.
func TestReviewOfAtomicGameShowsTheExplosion(t *testing.T) {
	text := `[Event "autoplay match"]
[White "a"]
[Black "b"]
[Result "1-0"]
[Variant "atomic"]

1. Nf3 d5 2. Ne5 Nd7 3. Nxd7 {Black's king exploded} 1-0
`
	r := reviewOf(text)
	if strings.Join(r.Moves, " ") != "g1f3 d7d5 f3e5 b8d7 e5d7" || r.Variant != "atomic" || len(r.Positions) != 6 {
		t.Fatalf("moves %v, variant %q, %d positions", r.Moves, r.Variant, len(r.Positions))
	}
	// d7's knights, c8's bishop, d8's queen and e8's king are gone; the
	// pawns beside d7 stay.
	if got, want := strings.Fields(r.Positions[5])[0], "r4bnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKB1R"; got != want {
		t.Errorf("after the explosion %q, want %q", got, want)
	}
	if !slices.Equal(r.TC[:], []string{"", ""}) || r.Reason != "Black's king exploded" {
		t.Errorf("time controls %v, reason %q", r.TC, r.Reason)
	}
}
