package runner

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/internal/game"
	"github.com/autoplay/autoplay/runner/spec"
)

// defaultBookPlies is how deep a Polyglot book opening goes unless plies= says.
const defaultBookPlies = 8

// isPolyglot says whether an openings config names a Polyglot book.
func isPolyglot(oc spec.OpeningsConfig) bool {
	return strings.EqualFold(oc.Format, "bin") || (oc.Format == "" && strings.HasSuffix(strings.ToLower(oc.File), ".bin"))
}

// polyglotOpenings draws openings from a Polyglot book: from the initial
// position, book moves for both sides, each chosen at random in proportion
// to its weight, until plies or the book runs out. The line of game pair i
// depends only on the seed and i, so a resumed or extended run draws the
// same lines.
type polyglotOpenings struct {
	file  string
	book  *chess.PolyglotBook
	plies int
	seed  uint64
}

func openPolyglotOpenings(oc spec.OpeningsConfig, seed uint64) (*polyglotOpenings, error) {
	st, err := os.Stat(oc.File)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	if st.Size() > game.MaxBookSize {
		return nil, fmt.Errorf("openings: %s: %d bytes: a Polyglot book may have at most %d", oc.File, st.Size(), game.MaxBookSize)
	}
	data, err := os.ReadFile(oc.File)
	if err != nil {
		return nil, fmt.Errorf("openings: %w", err)
	}
	book, err := chess.ParsePolyglot(data)
	if err != nil {
		return nil, fmt.Errorf("openings: %s: %w", oc.File, err)
	}
	if len(book.Moves(chess.NewPosition(), nil)) == 0 {
		return nil, fmt.Errorf("openings: %s: the book has no move from the initial position", oc.File)
	}
	plies := oc.Plies
	if plies == 0 {
		plies = defaultBookPlies
	}
	return &polyglotOpenings{file: oc.File, book: book, plies: plies, seed: seed}, nil
}

// opening is the line of game pair i.
func (b *polyglotOpenings) opening(i int) pgn.Opening {
	rng := rand.New(rand.NewPCG(b.seed, uint64(i)^0x706f6c79676c6f74))
	pos := chess.NewPosition()
	o := pgn.Opening{Source: b.file + "#" + strconv.Itoa(i+1)}
	var choices []chess.WeightedMove
	for len(o.Moves) < b.plies {
		choices = b.book.Moves(pos, choices[:0])
		if len(choices) == 0 {
			break
		}
		m := game.PickWeighted(rng, choices)
		o.SAN = append(o.SAN, pos.SAN(m))
		o.Moves = append(o.Moves, pos.CanonicalMove(m))
		pos.MakeMove(m)
	}
	return o
}
