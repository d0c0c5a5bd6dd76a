package runner

import (
	"fmt"
	"github.com/autoplay/autoplay/runner/spec"
	"math/rand/v2"
	"os"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
)

// engineBook is an engine's own Polyglot book (book=FILE bookdepth=N, as
// cutechess-cli's): while the engine is in it, the runner plays its moves on
// the engine's behalf and the engine is not asked.
type engineBook struct {
	book  *chess.PolyglotBook
	depth int // most book moves for the engine in a game; 0 = no limit
}

// loadEngineBooks reads every engine's book once, before any game, so a bad
// file is an error naming it and games share one reader per file.
func loadEngineBooks(c *spec.Config) ([]*engineBook, error) {
	books := make([]*engineBook, len(c.Engines))
	byFile := map[string]*chess.PolyglotBook{}
	for i, e := range c.Engines {
		if e.Book == "" {
			continue
		}
		b, ok := byFile[e.Book]
		if !ok {
			var err error
			if b, err = readPolyglotBook(e.Book); err != nil {
				return nil, fmt.Errorf("engine %s: book=%w", e.Name, err)
			}
			byFile[e.Book] = b
		}
		books[i] = &engineBook{book: b, depth: e.BookDepth}
	}
	return books, nil
}

// readPolyglotBook reads and checks a Polyglot .bin file.
func readPolyglotBook(path string) (*chess.PolyglotBook, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st.Size() > maxBookSize {
		return nil, fmt.Errorf("%s: %d bytes: a Polyglot book may have at most %d", path, st.Size(), maxBookSize)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	b, err := chess.ParsePolyglot(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// bookPlay is where a game stands with the engines' books: how many moves
// each side took from its book, and whether it has left it (for good).
type bookPlay struct {
	rng     *rand.Rand
	made    [2]int
	out     [2]bool
	choices []chess.WeightedMove
}

// newBookPlay is the book state of a game whose engines have books, nil
// for a game without any (move then answers false).
func newBookPlay(books [2]*engineBook, seed uint64, game int) *bookPlay {
	if books[White] == nil && books[Black] == nil {
		return nil
	}
	return &bookPlay{rng: rand.New(rand.NewPCG(seed, uint64(game)^0x656e67626f6f6b))}
}

// move is the book move of side in the position, chosen in proportion to
// the entries' weights, or false once the side is out of its book.
func (p *bookPlay) move(b *engineBook, side Color, board Board) (protocol.Move, bool) {
	if p == nil || b == nil || p.out[side] || b.depth > 0 && p.made[side] >= b.depth {
		return protocol.Move{}, false
	}
	pos, err := chess.ParseFEN(board.FEN())
	if err == nil {
		p.choices = b.book.Moves(pos, p.choices[:0])
	}
	if err != nil || len(p.choices) == 0 {
		p.out[side] = true
		return protocol.Move{}, false
	}
	p.made[side]++
	return pos.CanonicalMove(pickWeighted(p.rng, p.choices)), true
}
