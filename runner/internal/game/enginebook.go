package game

import (
	"fmt"
	"math/rand/v2"
	"os"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/spec"
)

// Book is an engine's own Polyglot book (book=FILE bookdepth=N, as
// cutechess-cli's): while the engine is in it, the runner plays its moves on
// the engine's behalf and the engine is not asked.
type Book struct {
	book  *chess.PolyglotBook
	depth int // most book moves for the engine in a game; 0 = no limit
}

// LoadBooks reads every engine's book once, before any game, so a bad
// file is an error naming it and games share one reader per file.
func LoadBooks(engines []spec.EngineConfig) ([]*Book, error) {
	books := make([]*Book, len(engines))
	byFile := map[string]*chess.PolyglotBook{}
	for i, e := range engines {
		if e.Book == "" {
			continue
		}
		b, ok := byFile[e.Book]
		if !ok {
			var err error
			if b, err = ReadPolyglotBook(e.Book); err != nil {
				return nil, fmt.Errorf("engine %s: book=%w", e.Name, err)
			}
			byFile[e.Book] = b
		}
		books[i] = &Book{book: b, depth: e.BookDepth}
	}
	return books, nil
}

// ReadPolyglotBook reads and checks a Polyglot .bin file.
func ReadPolyglotBook(path string) (*chess.PolyglotBook, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st.Size() > MaxBookSize {
		return nil, fmt.Errorf("%s: %d bytes: a Polyglot book may have at most %d", path, st.Size(), MaxBookSize)
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
func newBookPlay(books [2]*Book, seed uint64, game int) *bookPlay {
	if books[White] == nil && books[Black] == nil {
		return nil
	}
	return &bookPlay{rng: rand.New(rand.NewPCG(seed, uint64(game)^0x656e67626f6f6b))}
}

// move is the book move of side in the position, chosen in proportion to
// the entries' weights, or false once the side is out of its book.
func (p *bookPlay) move(b *Book, side Color, board Board) (protocol.Move, bool) {
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
	return pos.CanonicalMove(PickWeighted(p.rng, p.choices)), true
}

// MaxBookSize bounds a Polyglot book read into memory.
const MaxBookSize = 512 << 20

// PickWeighted chooses a move in proportion to its weight (uniformly when
// every weight is 0).
func PickWeighted(rng *rand.Rand, ms []chess.WeightedMove) chess.Move {
	total := 0
	for _, m := range ms {
		total += m.Weight
	}
	if total == 0 {
		return ms[rng.IntN(len(ms))].Move
	}
	r := rng.IntN(total)
	for _, m := range ms {
		if r < m.Weight {
			return m.Move
		}
		r -= m.Weight
	}
	return ms[len(ms)-1].Move
}
