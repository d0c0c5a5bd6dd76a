package runner

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/spec"
)

// openingPicker hands out openings for game pairs in a fixed order: the same
// seed and config always give the same sequence.
type openingPicker struct {
	suite   *pgn.Suite
	book    *polyglotOpenings // a Polyglot book instead of a suite
	random  string            // RandomFRC or RandomDFRC: start positions drawn, no suite
	variant spec.Variant
	skipped int   // bad openings left out under policy=skip
	whySkip error // why the first was
	order   string
	cursor  int
	rng     *rand.Rand
	seed    uint64
	start   int
	// shuffled is the suite in the order a drop-in mode's tool plays it
	// (spec.OpeningsConfig.Shuffle), nil otherwise; only the first cycle
	// openings from start are played when cycle > 0.
	shuffled []int32
	cycle    int
	drawn    int // openings handed out so far
	// cutechess draws Chess960 arrays as cutechess-cli does (Shuffle
	// cutechess, no suite): one generator from the seed for the run.
	cutechess *cutechessMersenne
	shuffle   string
	// noCounters: EPD openings start at 0 1 (spec.OpeningsConfig.EPDWithoutCounters).
	noCounters bool
}

func newOpeningPicker(oc spec.OpeningsConfig, seed uint64, variant spec.Variant) (*openingPicker, error) {
	if oc.File == "" {
		p := &openingPicker{random: oc.Random, variant: variant, seed: seed, shuffle: oc.Shuffle}
		return p.fresh(), nil
	}
	if isPolyglot(oc) {
		if variant.IsChess960() || variant.IsVariant() {
			return nil, fmt.Errorf("openings: %s: a Polyglot book holds standard chess, not %s", oc.File, variant)
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
	suite.SetVariant(variant.Rules())
	var skipped int
	var whySkip error
	if oc.Policy == spec.PolicySkip {
		skipped, whySkip = suite.DropInvalid()
		if suite.Len() == 0 {
			return nil, fmt.Errorf("openings: %s has no valid openings (the first problem: %v)", oc.File, whySkip)
		}
	}
	p := &openingPicker{suite: suite, variant: variant, order: oc.Order, seed: seed, start: oc.Start, cycle: oc.Cycle,
		noCounters: oc.EPDWithoutCounters && suite.Format() == pgn.FormatEPD}
	if oc.Order == "random" {
		p.shuffled = shuffledSuite(oc.Shuffle, suite.Len(), seed)
	}
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
	errChess960 := errors.New("a Chess960 position")
	var chess960 pgn.Opening
	err := p.suite.Check(indices, func(o pgn.Opening) error {
		if o.Chess960 && !p.variant.IsChess960() {
			chess960 = o
			return errChess960
		}
		return nil
	})
	switch {
	case errors.Is(err, errChess960):
		return fmt.Errorf("openings: %s: %q is a Chess960 position (castling with a king or rook off its standard square, or by file letters): give --variant fischerandom (variant: fischerandom in YAML)", chess960.Source, chess960.FEN)
	case err != nil:
		return fmt.Errorf("openings: %w (policy=skip leaves bad openings out)", err)
	}
	return nil
}

// fresh is a picker at the start of the sequence p hands out, over the same suite.
func (p *openingPicker) fresh() *openingPicker {
	q := &openingPicker{suite: p.suite, book: p.book, random: p.random, variant: p.variant, order: p.order, seed: p.seed, start: p.start,
		noCounters: p.noCounters, shuffled: p.shuffled, cycle: p.cycle, shuffle: p.shuffle, rng: rand.New(rand.NewPCG(p.seed, 0x6f70656e))}
	if p.random == spec.RandomFRC && p.shuffle == spec.ShuffleCutechess {
		q.cutechess = newCutechessMersenne(uint32(p.seed))
	}
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
	case p.random == spec.RandomFRC && p.cutechess != nil:
		return p.cutechess.cutechessChess960()
	case p.random == spec.RandomFRC:
		return p.rng.IntN(960)
	case p.random == spec.RandomDFRC:
		return p.rng.IntN(960 * 960)
	case p.suite == nil:
		return -1
	case p.order == "random" && p.shuffled == nil:
		return p.rng.IntN(p.suite.Len())
	}
	n := p.suite.Len()
	k := p.drawn
	p.drawn++
	if p.cycle > 0 {
		k %= min(p.cycle, n)
	}
	i := (p.cursor + k) % n
	if p.shuffled != nil {
		return int(p.shuffled[i])
	}
	return i
}

// opening gives the opening at index i (from next).
func (p *openingPicker) opening(i int) (pgn.Opening, error) {
	switch {
	case p.book != nil:
		return p.book.opening(i), nil
	case p.random == spec.RandomFRC:
		return pgn.Opening{FEN: p.variant.Rules().Chess960StartFEN(i), Source: "frc:" + strconv.Itoa(i)}, nil
	case p.random == spec.RandomDFRC:
		white, black := i/960, i%960
		return pgn.Opening{FEN: chess.Chess960FEN(white, black), Source: "dfrc:" + strconv.Itoa(white) + "/" + strconv.Itoa(black)}, nil
	case i < 0:
		return pgn.Opening{FEN: p.variant.StartFEN(), Source: "startpos"}, nil
	}
	o, err := p.suite.Opening(i)
	if err == nil {
		// cutechess-cli reads an EPD's en-passant square as it reads its
		// counters (noCounters is its EPD).
		o.FEN = enPassantAsTools(o.FEN, p.noCounters)
	}
	if err == nil && p.noCounters {
		o.FEN = withoutCounters(o.FEN)
	}
	return o, err
}

// withoutCounters sets a FEN's halfmove clock to 0 and its move number to 1.
func withoutCounters(fen string) string {
	f := strings.Fields(fen)
	if len(f) != 6 {
		return fen
	}
	return strings.Join(append(f[:4], "0", "1"), " ")
}
