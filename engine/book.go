package engine

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
)

// Book is an opening book: a PGN game database (for every position within
// the first plies of its games, the moves played from it and how often,
// keyed by the engine's Zobrist hash) or a Polyglot .bin book (keyed by the
// Polyglot hash). Either way a position reached by another move order is
// found too.
type Book struct {
	positions map[uint64][]BookMove
	poly      *chess.PolyglotBook
	maxPlies  int
}

// BookMove is a move played from a book position and how many games chose it.
type BookMove struct {
	Move  chess.Move
	Count int
}

// LoadBookFile reads a book: a Polyglot book if the name ends in .bin, else
// a PGN database. Only positions within maxPlies plies of the game's start
// are used.
func LoadBookFile(path string, maxPlies int) (*Book, error) {
	if strings.HasSuffix(strings.ToLower(path), ".bin") {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("book: %w", err)
		}
		pb, err := chess.ParsePolyglot(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return &Book{poly: pb, maxPlies: maxPlies}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	defer f.Close()
	b, err := LoadPGNBook(f, maxPlies)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", path, err)
	}
	return b, nil
}

// LoadPGNBook reads PGN games from r, keeping the first maxPlies plies of
// each (games may start from a [FEN] tag). Comments, variations, NAGs and
// move numbers are skipped. Errors give the line: "12: san \"Nf9\": ...".
func LoadPGNBook(r io.Reader, maxPlies int) (*Book, error) {
	b := &Book{positions: map[uint64][]BookMove{}, maxPlies: maxPlies}
	var g *chess.Position
	plies, depth := 0, 0 // depth: nesting of comments and variations
	inComment := false
	fen := chess.StartFEN
	newGame := func() error {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			return err
		}
		g, plies = p, 0
		b.add(g.Hash(), chess.NoMove)
		return nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for lineNo := 1; sc.Scan(); lineNo++ {
		line := sc.Text()
		if !inComment && depth == 0 && strings.HasPrefix(strings.TrimSpace(line), "[") {
			g = nil // a tag section starts the next game
			if tag, val, ok := parseTag(line); ok && strings.EqualFold(tag, "FEN") {
				fen = val
			}
			continue
		}
		for _, tok := range tokenizeMovetext(line, &inComment, &depth) {
			if isResult(tok) {
				g, fen = nil, chess.StartFEN
				continue
			}
			if g == nil {
				if err := newGame(); err != nil {
					return nil, fmt.Errorf("%d: %w", lineNo, err)
				}
			}
			if plies >= maxPlies {
				continue
			}
			m, err := g.ParseSAN(tok)
			if err != nil {
				return nil, fmt.Errorf("%d: %w", lineNo, err)
			}
			b.add(g.Hash(), m)
			g.MakeMove(m)
			b.add(g.Hash(), chess.NoMove)
			plies++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return b, nil
}

func parseTag(line string) (tag, val string, ok bool) {
	line = strings.TrimSpace(line)
	if !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, "]") {
		return "", "", false
	}
	body := strings.TrimSpace(line[1 : len(line)-1])
	i := strings.IndexByte(body, ' ')
	if i < 0 {
		return "", "", false
	}
	return body[:i], strings.Trim(strings.TrimSpace(body[i+1:]), `"`), true
}

func isResult(tok string) bool {
	return tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*"
}

// tokenizeMovetext splits a line into SAN tokens and results, dropping
// comments ({...} and ; to end of line), variations, NAGs and move numbers.
// Comment and variation state carries over lines through the pointers.
func tokenizeMovetext(line string, inComment *bool, depth *int) []string {
	var out []string
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case *inComment:
			if c == '}' {
				*inComment = false
			}
			i++
		case c == '{':
			*inComment = true
			i++
		case c == ';':
			return out
		case c == '(':
			*depth++
			i++
		case c == ')':
			if *depth > 0 {
				*depth--
			}
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		default:
			j := i
			for j < len(line) && !strings.ContainsRune(" \t\r{}();", rune(line[j])) {
				j++
			}
			tok := line[i:j]
			i = j
			if *depth > 0 || tok[0] == '$' {
				continue
			}
			// Strip a move number, attached ("1.e4", "3...Nf6") or not.
			k := 0
			for k < len(tok) && tok[k] >= '0' && tok[k] <= '9' {
				k++
			}
			if k > 0 && k < len(tok) && tok[k] == '.' {
				tok = strings.TrimLeft(tok[k:], ".")
			} else if k == len(tok) {
				tok = ""
			}
			if tok != "" {
				out = append(out, tok)
			}
		}
	}
	return out
}

func (b *Book) add(key uint64, m chess.Move) {
	list := b.positions[key]
	if m != chess.NoMove {
		for i := range list {
			if list[i].Move == m {
				list[i].Count++
				return
			}
		}
		list = append(list, BookMove{m, 1})
	}
	b.positions[key] = list
}

// Len returns the number of book positions (PGN) or entries (Polyglot).
func (b *Book) Len() int {
	if b.poly != nil {
		return b.poly.Len()
	}
	return len(b.positions)
}

// gamePly returns how many plies into the game p is, by its move number.
func gamePly(p *chess.Position) int { return 2*(p.FullmoveNumber()-1) + int(p.SideToMove()) }

// Contains reports whether p is a book position.
func (b *Book) Contains(p *chess.Position) bool {
	if b.poly != nil {
		return gamePly(p) <= b.maxPlies && len(b.poly.Moves(p, nil)) > 0
	}
	_, ok := b.positions[p.Hash()]
	return ok
}

// Probe returns the book move from p (the most played, or the heaviest for
// Polyglot), if p is in the book with a legal move to play.
func (b *Book) Probe(p *chess.Position) (chess.Move, bool) {
	best, n := chess.NoMove, -1
	if b.poly != nil {
		if gamePly(p) >= b.maxPlies {
			return chess.NoMove, false
		}
		for _, wm := range b.poly.Moves(p, nil) {
			if wm.Weight > n {
				best, n = wm.Move, wm.Weight
			}
		}
		return best, best != chess.NoMove
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	for _, bm := range b.positions[p.Hash()] {
		if bm.Count > n && containsMove(ml.Moves(), bm.Move) {
			best, n = bm.Move, bm.Count
		}
	}
	return best, best != chess.NoMove
}
