package runner

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/pgn"
)

// OpeningsConfig says where games start: a suite file and how to walk it.
type OpeningsConfig struct {
	File   string
	Format string // "epd" or "pgn"; guessed from the file name when empty
	Order  string // "sequential" (default) or "random"
	Plies  int    // PGN openings: play at most this many plies (0 = all)
	Start  int    // 1-based index of the first opening (sequential order)
	Policy string `json:",omitempty"` // "fail" (default): a bad opening the run would play is an error; "skip": bad ones are left out
	// Random draws Chess960 start positions instead of a file: "frc" (one
	// array for both sides) or "dfrc" (Double Chess960, an array each).
	Random string `json:",omitempty"`
}

// Random start positions.
const (
	RandomFRC  = "frc"
	RandomDFRC = "dfrc"
)

// Opening policies.
const (
	PolicyFail = "fail"
	PolicySkip = "skip"
)

// ParseOpeningsSpec reads `file=F format=epd|pgn|bin order=random|sequential plies=N start=N policy=fail|skip`.
func ParseOpeningsSpec(spec string) (OpeningsConfig, error) {
	var oc OpeningsConfig
	tokens, err := splitSpec(spec)
	if err != nil {
		return oc, err
	}
	for _, tok := range tokens {
		key, value, ok := strings.Cut(tok, "=")
		if !ok {
			return oc, fmt.Errorf("openings: %q: expected key=value", tok)
		}
		switch key {
		case "file":
			oc.File = value
		case "format":
			oc.Format = value
		case "order":
			if value != "sequential" && value != "random" {
				return oc, fmt.Errorf("openings: order=%s: must be sequential or random", value)
			}
			oc.Order = value
		case "frc", "dfrc":
			if value != "random" {
				return oc, fmt.Errorf("openings: %s=%s: only %s=random (start positions drawn from the seed)", key, value, key)
			}
			oc.Random = key
		case "policy":
			if value != PolicyFail && value != PolicySkip {
				return oc, fmt.Errorf("openings: policy=%s: must be fail or skip", value)
			}
			oc.Policy = value
		case "plies", "start":
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 || (key == "start" && n == 0) {
				return oc, fmt.Errorf("openings: %s=%s: must be a positive whole number", key, value)
			}
			if key == "plies" {
				oc.Plies = n
			} else {
				oc.Start = n
			}
		default:
			return oc, fmt.Errorf("openings: unknown key %q (known: file format order plies start policy frc dfrc)", key)
		}
	}
	switch {
	case oc.File == "" && oc.Random == "":
		return oc, fmt.Errorf("openings: missing file= (or frc=random, dfrc=random)")
	case oc.File != "" && oc.Random != "":
		return oc, fmt.Errorf("openings: file= and %s=random exclude each other", oc.Random)
	}
	return oc, nil
}

// openingPicker hands out openings for game pairs in a fixed order: the same
// seed and config always give the same sequence.
type openingPicker struct {
	suite   *pgn.Suite
	book    *polyglotOpenings // a Polyglot book instead of a suite
	random  string            // RandomFRC or RandomDFRC: start positions drawn, no suite
	variant Variant
	skipped int   // bad openings left out under policy=skip
	whySkip error // why the first was
	order   string
	cursor  int
	rng     *rand.Rand
	seed    uint64
	start   int
}

func newOpeningPicker(oc OpeningsConfig, seed uint64, variant Variant) (*openingPicker, error) {
	if oc.File == "" {
		p := &openingPicker{random: oc.Random, variant: variant, seed: seed}
		return p.fresh(), nil
	}
	if isPolyglot(oc) {
		if variant == Chess960 {
			return nil, fmt.Errorf("openings: %s: a Polyglot book holds standard chess, not Chess960", oc.File)
		}
		book, err := openPolyglotOpenings(oc, seed)
		if err != nil {
			return nil, err
		}
		p := &openingPicker{book: book, variant: variant, seed: seed}
		return p.fresh(), nil
	}
	format, err := pgn.ParseFormat(oc.Format)
	if err != nil {
		return nil, err
	}
	suite, err := pgn.OpenSuite(oc.File, format, oc.Plies)
	if err != nil {
		return nil, err
	}
	if suite.Len() == 0 {
		return nil, fmt.Errorf("openings: %s has no openings", oc.File)
	}
	var skipped int
	var whySkip error
	if oc.Policy == PolicySkip {
		skipped, whySkip = suite.DropInvalid()
		if suite.Len() == 0 {
			return nil, fmt.Errorf("openings: %s has no valid openings (the first problem: %v)", oc.File, whySkip)
		}
	}
	p := &openingPicker{suite: suite, variant: variant, order: oc.Order, seed: seed, start: oc.Start}
	p = p.fresh()
	p.skipped, p.whySkip = skipped, whySkip
	return p, nil
}

// check refuses a schedule that would play an opening that is not a legal
// start: every opening it draws is parsed and checked before the first game,
// the variant's rules included (a Chess960 position in a standard run).
func (p *openingPicker) check(schedule []scheduledGame) error {
	if p.suite == nil {
		return nil
	}
	seen := make(map[int]bool)
	var indices []int
	for _, g := range schedule {
		if !seen[g.opening] {
			seen[g.opening] = true
			indices = append(indices, g.opening)
		}
	}
	if err := p.suite.Check(indices); err != nil {
		return fmt.Errorf("openings: %w (policy=skip leaves bad openings out)", err)
	}
	if p.variant == Chess960 {
		return nil
	}
	for _, i := range indices {
		o, _ := p.suite.Opening(i)
		if isChess960(o.FEN) {
			return fmt.Errorf("openings: %s: %q is a Chess960 position (castling with a king or rook off its standard square, or by file letters): give --variant fischerandom (variant: fischerandom in YAML)", o.Source, o.FEN)
		}
	}
	return nil
}

// isChess960 reports whether a FEN's castling rights need Chess960 rules:
// file letters in the castling field, or a castling king or rook off the
// standard squares.
func isChess960(fen string) bool {
	if fen == "" {
		return false
	}
	if f := strings.Fields(fen); len(f) > 2 && strings.Trim(f[2], "KQkq-") != "" {
		return true
	}
	pos, err := chess.ParseFEN(fen)
	return err == nil && pos.Chess960()
}

// fresh is a picker at the start of the sequence p hands out, over the same suite.
func (p *openingPicker) fresh() *openingPicker {
	q := &openingPicker{suite: p.suite, book: p.book, random: p.random, variant: p.variant, order: p.order, seed: p.seed, start: p.start,
		rng: rand.New(rand.NewPCG(p.seed, 0x6f70656e))}
	if p.suite != nil && p.start > 0 {
		q.cursor = (p.start - 1) % p.suite.Len()
	}
	return q
}

// next returns the index of the opening for the next game pair: into the
// suite, a Chess960 array number (or white*960+black for Double Chess960),
// or -1 for the standard initial position.
func (p *openingPicker) next() int {
	switch {
	case p.book != nil:
		i := p.cursor // a pair number: the book line follows from it
		p.cursor++
		return i
	case p.random == RandomFRC:
		return p.rng.IntN(960)
	case p.random == RandomDFRC:
		return p.rng.IntN(960 * 960)
	case p.suite == nil:
		return -1
	case p.order == "random":
		return p.rng.IntN(p.suite.Len())
	}
	i := p.cursor
	p.cursor = (p.cursor + 1) % p.suite.Len()
	return i
}

// opening gives the opening at index i (from next).
func (p *openingPicker) opening(i int) (pgn.Opening, error) {
	switch {
	case p.book != nil:
		return p.book.opening(i), nil
	case p.random == RandomFRC:
		return pgn.Opening{FEN: chess.Chess960FEN(i, i), Source: "frc:" + strconv.Itoa(i)}, nil
	case p.random == RandomDFRC:
		white, black := i/960, i%960
		return pgn.Opening{FEN: chess.Chess960FEN(white, black), Source: "dfrc:" + strconv.Itoa(white) + "/" + strconv.Itoa(black)}, nil
	case i < 0:
		return pgn.Opening{Source: "startpos"}, nil
	}
	return p.suite.Opening(i)
}
