package tune

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"

	"github.com/autoplay/autoplay/engine"
	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/sample/epdline"
)

// The training positions: the EPD lines of "autoplay match --sample", read
// by package sample/epdline, which package sample writes them with. The
// tuner works in White's view throughout: results become 1, 0.5 or 0 for
// White and evaluations White's score.

// entry is one training position: its trace, compacted.
type entry struct {
	start    uint32                        // first of its terms in Dataset.terms
	n        uint16                        // number of terms
	phase    uint8                         // engine.EvalTrace.Phase
	black    bool                          // Black to move
	scale    [2]uint8                      // engine.EvalTrace.Scale
	attack   [2]uint8                      // engine.EvalTrace.KingAttackers
	units    [2][engine.NumKingUnits]uint8 // engine.EvalTrace.KingUnits
	result   float32                       // White's result: 1, 0.5, 0 (or the target Blend made of it)
	score    float32                       // White's search score (ce) in centipawns; NaN: the line held none
	hasKings bool                          // some side has a king attack term
}

// Dataset holds the traces of the training positions.
type Dataset struct {
	entries []entry
	terms   []engine.TraceTerm
	Skipped int // lines read but not used: in check, unreadable, ...
}

// Len is the number of positions.
func (d *Dataset) Len() int { return len(d.entries) }

// LoadOptions say how positions are read.
type LoadOptions struct {
	// Quiet replaces each position by the end of its quiescence search's
	// principal variation (captures only), as Texel tuning does: the static
	// evaluation of a position in the middle of an exchange says little.
	Quiet bool
	Limit int // stop after this many positions (0: all)
}

// searchScoreCap bounds a search score: a mate's ±32000 would say no more
// than this does once through the sigmoid.
const searchScoreCap = 3000

// parseSample reads the position, White's result (1, 0.5, 0) and White's
// search score (ce, capped at ±searchScoreCap; NaN when the line holds
// none) from one sample line.
func parseSample(line string) (*chess.Position, float64, float64, error) {
	l, err := epdline.Parse(line)
	if err != nil {
		return nil, 0, 0, err
	}
	ce := math.NaN()
	if l.HasScore {
		ce = float64(min(max(l.Score, -searchScoreCap), searchScoreCap))
	}
	p, err := chess.ParseFEN(l.FEN)
	if err != nil {
		return nil, 0, 0, err
	}
	c0 := l.Result
	if p.SideToMove() == chess.Black {
		c0, ce = -c0, -ce
	}
	return p, float64(c0+1) / 2, ce, nil
}

// Load reads the sample files into a dataset.
func Load(files []string, opt LoadOptions) (*Dataset, error) {
	d := &Dataset{}
	var tr engine.EvalTrace
	q := newQuiescence()
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		err = d.read(f, opt, &tr, q)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return d, nil
}

func (d *Dataset) read(r io.Reader, opt LoadOptions, tr *engine.EvalTrace, q *quiescence) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if opt.Limit > 0 && d.Len() >= opt.Limit {
			return nil
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, result, ce, err := parseSample(line)
		if err != nil || p.InCheck() {
			d.Skipped++
			continue
		}
		if opt.Quiet {
			q.resolve(p)
		}
		engine.TraceEval(p, tr)
		d.add(tr, result)
		d.entries[len(d.entries)-1].score = float32(ce)
	}
	return sc.Err()
}

// add appends a traced position.
func (d *Dataset) add(tr *engine.EvalTrace, result float64) {
	e := entry{
		start:  uint32(len(d.terms)),
		n:      uint16(len(tr.Terms)),
		phase:  uint8(tr.Phase),
		black:  tr.Black,
		scale:  [2]uint8{uint8(tr.Scale[0]), uint8(tr.Scale[1])},
		result: float32(result),
		score:  float32(math.NaN()), // read sets it when the line holds a ce
	}
	for c := range 2 {
		e.attack[c] = uint8(tr.KingAttackers[c])
		for i, n := range tr.KingUnits[c] {
			e.units[c][i] = uint8(min(n, 255))
		}
		e.hasKings = e.hasKings || e.attack[c] != 0
	}
	d.terms = append(d.terms, tr.Terms...)
	d.entries = append(d.entries, e)
}

// Blend makes each position's target share parts the win chance its search
// score gives with scale k (sigmoid(k·score)) and 1 − share parts its
// game's result; positions without a score keep their result. A game's
// result says little of one position in it (a slip thirty moves later
// decides it); a search's score says more, but only what that search saw.
// share 0 keeps the results as they are.
func (d *Dataset) Blend(share, k float64) {
	if share <= 0 {
		return
	}
	for i := range d.entries {
		if e := &d.entries[i]; !math.IsNaN(float64(e.score)) {
			e.result = float32(share*sigmoid(k*float64(e.score)) + (1-share)*float64(e.result))
		}
	}
}

// Split keeps the last fraction of the positions, in file order, for
// validation (whole games but the first, as a game's positions are written
// together, so validation sees games training did not) and shuffles the
// rest with seed for training.
func (d *Dataset) Split(fraction float64, seed uint64) (train, valid *Dataset) {
	nt := d.Len() - int(fraction*float64(d.Len()))
	idx := rand.New(rand.NewPCG(seed, 1)).Perm(nt)
	for i := nt; i < d.Len(); i++ {
		idx = append(idx, i)
	}
	pick := func(ix []int) *Dataset {
		out := &Dataset{entries: make([]entry, 0, len(ix))}
		for _, i := range ix {
			e := d.entries[i]
			terms := d.terms[e.start : e.start+uint32(e.n)]
			e.start = uint32(len(out.terms))
			out.terms = append(out.terms, terms...)
			out.entries = append(out.entries, e)
		}
		return out
	}
	return pick(idx[:nt]), pick(idx[nt:])
}

// quiescence finds the quiet position at the end of a capture search.
type quiescence struct {
	pv    [maxQPly][maxQPly]chess.Move
	pvLen [maxQPly]int
	ml    [maxQPly]chess.MoveList
}

const maxQPly = 24

func newQuiescence() *quiescence { return &quiescence{} }

// resolve plays out p's quiescence principal variation on p.
func (q *quiescence) resolve(p *chess.Position) {
	q.search(p, -1<<20, 1<<20, 0)
	for _, m := range q.pv[0][:q.pvLen[0]] {
		p.MakeMove(m)
	}
}

func (q *quiescence) search(p *chess.Position, alpha, beta, ply int) int {
	q.pvLen[ply] = 0
	stand := engine.Evaluate(p)
	if stand >= beta || ply == maxQPly-1 {
		return stand
	}
	alpha = max(alpha, stand)
	ml := &q.ml[ply]
	p.GenerateCaptures(ml)
	moves := ml.Moves()
	// Most valuable victim first, least valuable attacker next.
	key := func(m chess.Move) int {
		victim := p.PieceAt(m.To()).Type()
		if m.IsEnPassant() {
			victim = chess.Pawn
		}
		return 16*chess.SEEValue[victim]/100 - int(p.PieceAt(m.From()).Type())
	}
	slices.SortStableFunc(moves, func(a, b chess.Move) int { return key(b) - key(a) })
	for _, m := range moves {
		if p.PieceAt(m.To()) == chess.NoPiece && !m.IsEnPassant() && m.Promotion() == chess.NoPieceType {
			continue // an evasion: no quiet moves here
		}
		if p.SEE(m) < 0 {
			continue
		}
		p.MakeMove(m)
		v := -q.search(p, -beta, -alpha, ply+1)
		p.UnmakeMove()
		if v > alpha {
			alpha = v
			q.pv[ply][0] = m
			n := copy(q.pv[ply][1:], q.pv[ply+1][:q.pvLen[ply+1]])
			q.pvLen[ply] = n + 1
			if v >= beta {
				break
			}
		}
	}
	return alpha
}
