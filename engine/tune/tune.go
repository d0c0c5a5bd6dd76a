// Package tune fits the built-in engine's evaluation weights to game
// results (Texel tuning): with E the evaluation in centipawns from White's
// view and R White's result (1, 0.5, 0), it minimises the mean of
// (R − sigmoid(K·E))² over the training positions, where sigmoid(x) =
// 1/(1+e^−x). K is fitted first, for the starting weights, and then held.
//
// Every position is traced once (engine.TraceEval): the count of each
// mg/eg weight, the game phase and the endgame scale factors, and the king
// attack counts. The evaluation is then a cheap function of the weights with
// an exact gradient, which Adam follows over mini-batches. The mg/eg pairs
// are linear; the king attack weights enter squared and are tuned through
// their exact derivative (they stay at 0 or above); the tempo is linear.
// The endgame scale factor is taken per position for the side the endgame
// score favours, as Evaluate does. The phase weights and the scale factors
// are not tuned.
package tune

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/autoplay/autoplay/engine"
)

// Params is the weights as real numbers.
type Params struct {
	MG, EG []float64 // by pair index
	King   [engine.NumKingUnits]float64
	Tempo  float64
}

// FromWeights converts the engine's weights.
func FromWeights(w engine.EvalWeights) *Params {
	p := &Params{MG: make([]float64, len(w.Pairs)), EG: make([]float64, len(w.Pairs)), Tempo: float64(w.Tempo)}
	for i, pr := range w.Pairs {
		p.MG[i], p.EG[i] = float64(pr[0]), float64(pr[1])
	}
	for i, v := range w.King {
		p.King[i] = float64(v)
	}
	return p
}

// Weights rounds p to the engine's weights.
func (p *Params) Weights() engine.EvalWeights {
	r := func(x float64) int32 { return int32(math.Round(x)) }
	w := engine.EvalWeights{Pairs: make([][2]int32, len(p.MG)), Tempo: r(p.Tempo)}
	for i := range p.MG {
		w.Pairs[i] = [2]int32{r(p.MG[i]), r(p.EG[i])}
	}
	for i, v := range p.King {
		w.King[i] = max(0, r(v))
	}
	return w
}

func (p *Params) clone() *Params {
	c := *p
	c.MG, c.EG = append([]float64(nil), p.MG...), append([]float64(nil), p.EG...)
	return &c
}

const (
	phaseMax  = float64(engine.TracePhaseMax)
	scaleUnit = float64(engine.TraceScaleUnity)
)

// eval is the evaluation of e from White's view, as Evaluate computes it
// but in real numbers (no rounding). It also returns the parts the
// gradient needs: the mg and eg weights of the score and the king attack
// weight sums.
func (d *Dataset) eval(p *Params, e *entry) (v, mgPart, egPart float64, kw [2]float64) {
	var mg, eg float64
	for _, t := range d.terms[e.start : e.start+uint32(e.n)] {
		c := float64(t.Coef)
		mg += c * p.MG[t.Index]
		eg += c * p.EG[t.Index]
	}
	if e.hasKings {
		for c := range 2 {
			if e.attack[c] == 0 {
				continue
			}
			for i, z := range e.units[c] {
				kw[c] += p.King[i] * float64(z)
			}
			d := kw[c] * kw[c] / 96 * float64(e.attack[c]) // kingAttackDanger without rounding
			if c == 1 {
				d = -d
			}
			mg += d
		}
	}
	scale := float64(e.scale[0])
	if eg < 0 {
		scale = float64(e.scale[1])
	}
	mgPart = float64(e.phase) / phaseMax
	egPart = (1 - mgPart) * scale / scaleUnit
	v = mg*mgPart + eg*egPart
	if e.black {
		v -= p.Tempo
	} else {
		v += p.Tempo
	}
	return v, mgPart, egPart, kw
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Error is the mean squared error of p's predictions with scale k.
func (d *Dataset) Error(p *Params, k float64) float64 {
	if d.Len() == 0 {
		return 0
	}
	sum := 0.0
	for i := range d.entries {
		e := &d.entries[i]
		v, _, _, _ := d.eval(p, e)
		diff := float64(e.result) - sigmoid(k*v)
		sum += diff * diff
	}
	return sum / float64(d.Len())
}

// FitK returns the K that minimises the error of p (a golden-section search
// on log K between 1e-4 and 0.1).
func (d *Dataset) FitK(p *Params) float64 {
	evals := make([]float64, d.Len())
	for i := range d.entries {
		evals[i], _, _, _ = d.eval(p, &d.entries[i])
	}
	errAt := func(logK float64) float64 {
		k, sum := math.Exp(logK), 0.0
		for i, v := range evals {
			diff := float64(d.entries[i].result) - sigmoid(k*v)
			sum += diff * diff
		}
		return sum
	}
	lo, hi := math.Log(1e-4), math.Log(0.1)
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := errAt(a), errAt(b)
	for hi-lo > 1e-6 {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = errAt(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = errAt(b)
		}
	}
	return math.Exp((lo + hi) / 2)
}

// Options steer Train.
type Options struct {
	Epochs   int     // passes over the training positions
	Batch    int     // positions per Adam step
	LR       float64 // Adam's step size in centipawns, decayed linearly to a tenth
	MinCount int     // a pair weight counted in fewer positions is left as it is
	// Only, when set, picks the weights to tune by their names as
	// evalweights.go spells them (engine.WeightName, engine.KingUnitName,
	// "tempo"); the others are left as they are.
	Only func(name string) bool
	// L2 adds L2·Σ(w−w₀)² to the error, w₀ the starting weights: it keeps
	// weights the data says little about near where they were.
	L2 float64
	// BestValid keeps the weights of the epoch with the lowest validation
	// error (early stopping).
	BestValid bool
	Log       io.Writer
}

// gradient holds the error's derivatives by parameter.
type gradient struct {
	mg, eg []float64
	king   [engine.NumKingUnits]float64
	tempo  float64
}

// Trained says what Train did.
type Trained struct {
	Tuned int // weights tuned (an mg/eg pair counts two)
	Epoch int // the epoch whose weights Train kept
}

// Train runs Adam from p (changed in place) with scale k on d. With
// opt.BestValid and a validation set, it keeps the weights of the epoch
// with the lowest validation error rather than the last.
func Train(d, valid *Dataset, p *Params, k float64, opt Options) Trained {
	n := len(p.MG)
	frozen := make([]bool, n)
	counts := make([]int, n)
	for _, t := range d.terms {
		counts[t.Index]++
	}
	picked := func(name string) bool { return opt.Only == nil || opt.Only(name) }
	res := Trained{Epoch: opt.Epochs}
	for i, c := range counts {
		frozen[i] = c < max(1, opt.MinCount) || !picked(engine.WeightName(i))
		if !frozen[i] {
			res.Tuned += 2
		}
	}
	var kingFrozen [engine.NumKingUnits]bool
	for i := range kingFrozen {
		kingFrozen[i] = !picked(engine.KingUnitName(i))
		if !kingFrozen[i] {
			res.Tuned++
		}
	}
	tempoFrozen := !picked("tempo")
	if !tempoFrozen {
		res.Tuned++
	}
	g := gradient{mg: make([]float64, n), eg: make([]float64, n)}
	p0 := p.clone()
	adam := newAdam(2*n + len(p.King) + 1)
	batch := max(1, opt.Batch)
	start := time.Now()
	steps := opt.Epochs * ((d.Len() + batch - 1) / batch)
	step := 0
	validate := valid != nil && valid.Len() > 0
	var best *Params
	bestErr := math.Inf(1)
	if opt.BestValid && validate {
		best, bestErr, res.Epoch = p.clone(), valid.Error(p, k), 0
	}
	for epoch := 1; epoch <= opt.Epochs; epoch++ {
		for lo := 0; lo < d.Len(); lo += batch {
			hi := min(lo+batch, d.Len())
			d.gradient(p, k, lo, hi, &g)
			g.regularize(p, p0, opt.L2)
			lr := opt.LR * (1 - 0.9*float64(step)/float64(max(1, steps)))
			step++
			adam.step(p, &g, frozen, &kingFrozen, tempoFrozen, lr)
		}
		var vErr float64
		if validate {
			vErr = valid.Error(p, k)
		}
		if best != nil && vErr < bestErr {
			best, bestErr, res.Epoch = p.clone(), vErr, epoch
		}
		if opt.Log != nil && (epoch == opt.Epochs || epoch%max(1, opt.Epochs/20) == 0) {
			fmt.Fprintf(opt.Log, "epoch %d: train error %.6f", epoch, d.Error(p, k))
			if validate {
				fmt.Fprintf(opt.Log, ", validation %.6f", vErr)
			}
			fmt.Fprintf(opt.Log, " (%s)\n", time.Since(start).Round(time.Second))
		}
	}
	if best != nil {
		*p = *best
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "kept the weights of epoch %d (lowest validation error, %.6f)\n", res.Epoch, bestErr)
		}
	}
	return res
}

// gradient sets g to the derivatives of the mean error over positions
// lo..hi.
func (d *Dataset) gradient(p *Params, k float64, lo, hi int, g *gradient) {
	clear(g.mg)
	clear(g.eg)
	g.king, g.tempo = [engine.NumKingUnits]float64{}, 0
	norm := 2 * k / float64(hi-lo)
	for i := lo; i < hi; i++ {
		e := &d.entries[i]
		v, mgPart, egPart, kw := d.eval(p, e)
		s := sigmoid(k * v)
		dv := norm * (s - float64(e.result)) * s * (1 - s) // d error / d v
		if dv == 0 {
			continue
		}
		dmg, deg := dv*mgPart, dv*egPart
		for _, t := range d.terms[e.start : e.start+uint32(e.n)] {
			c := float64(t.Coef)
			g.mg[t.Index] += c * dmg
			g.eg[t.Index] += c * deg
		}
		if e.hasKings {
			for c := range 2 {
				if e.attack[c] == 0 {
					continue
				}
				// d(kw²·a/96)/d weight = 2·kw·zone·a/96
				f := dmg * 2 * kw[c] * float64(e.attack[c]) / 96
				if c == 1 {
					f = -f
				}
				for j, z := range e.units[c] {
					g.king[j] += f * float64(z)
				}
			}
		}
		if e.black {
			g.tempo -= dv
		} else {
			g.tempo += dv
		}
	}
}

// regularize adds the derivatives of l2·Σ(w−w₀)².
func (g *gradient) regularize(p, p0 *Params, l2 float64) {
	if l2 == 0 {
		return
	}
	for i := range g.mg {
		g.mg[i] += 2 * l2 * (p.MG[i] - p0.MG[i])
		g.eg[i] += 2 * l2 * (p.EG[i] - p0.EG[i])
	}
	for i := range g.king {
		g.king[i] += 2 * l2 * (p.King[i] - p0.King[i])
	}
	g.tempo += 2 * l2 * (p.Tempo - p0.Tempo)
}

// adam is the Adam optimiser's state, one slot per parameter: the mg
// weights, the eg weights, the king attack weights, the tempo.
type adam struct {
	m, v []float64
	t    int
}

func newAdam(n int) *adam { return &adam{m: make([]float64, n), v: make([]float64, n)} }

func (a *adam) step(p *Params, g *gradient, frozen []bool, kingFrozen *[engine.NumKingUnits]bool, tempoFrozen bool, lr float64) {
	const beta1, beta2, eps = 0.9, 0.999, 1e-8
	a.t++
	c1 := 1 - math.Pow(beta1, float64(a.t))
	c2 := 1 - math.Pow(beta2, float64(a.t))
	upd := func(slot int, x *float64, grad float64) {
		a.m[slot] = beta1*a.m[slot] + (1-beta1)*grad
		a.v[slot] = beta2*a.v[slot] + (1-beta2)*grad*grad
		*x -= lr * (a.m[slot] / c1) / (math.Sqrt(a.v[slot]/c2) + eps)
	}
	n := len(p.MG)
	for i := range n {
		if frozen[i] {
			continue
		}
		upd(i, &p.MG[i], g.mg[i])
		upd(n+i, &p.EG[i], g.eg[i])
	}
	for i := range p.King {
		if !kingFrozen[i] {
			upd(2*n+i, &p.King[i], g.king[i])
			p.King[i] = max(0, p.King[i])
		}
	}
	if !tempoFrozen {
		upd(2*n+len(p.King), &p.Tempo, g.tempo)
	}
}
