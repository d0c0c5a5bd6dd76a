package stats

import (
	"fmt"
	"math"
	"strings"
)

// Model says which Elo scale an SPRT's bounds Elo0 and Elo1 are on.
type Model int

// The SPRT models.
const (
	// Logistic bounds are logistic Elo: the hypotheses fix the mean score.
	Logistic Model = iota
	// Normalized bounds are normalized Elo: the hypotheses fix the t-value
	// (score-0.5)/sigma, which does not depend on the draw rate.
	Normalized
	// BayesElo bounds are BayesElo, with the draw Elo estimated from the
	// games: cutechess-cli's SPRT and fastchess's model=bayesian. It counts
	// single games only.
	BayesElo
)

// String returns the model's name as ParseModel reads it.
func (m Model) String() string {
	switch m {
	case Logistic:
		return "logistic"
	case Normalized:
		return "normalized"
	case BayesElo:
		return "bayesian"
	}
	return fmt.Sprintf("Model(%d)", int(m))
}

// ParseModel reads a model name: "logistic" or "normalized" (any case).
func ParseModel(s string) (Model, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "logistic":
		return Logistic, nil
	case "normalized", "normalised":
		return Normalized, nil
	case "bayesian", "bayeselo":
		return BayesElo, nil
	}
	return 0, fmt.Errorf("stats: unknown SPRT model %q (want logistic, normalized or bayesian)", s)
}

// Decision is the state of a sequential test after the latest result.
type Decision int

// The SPRT decisions.
const (
	Continue Decision = iota // keep playing
	AcceptH0                 // the data favour Elo0: stop, the change fails
	AcceptH1                 // the data favour Elo1: stop, the change passes
)

// String returns "continue", "H0" or "H1".
func (d Decision) String() string {
	switch d {
	case Continue:
		return "continue"
	case AcceptH0:
		return "H0"
	case AcceptH1:
		return "H1"
	}
	return fmt.Sprintf("Decision(%d)", int(d))
}

// SPRT is a generalized sequential probability ratio test of H0: the Elo
// difference is Elo0, against H1: it is Elo1, with false-positive rate Alpha
// and false-negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       Model
}

// Validate reports parameters the test cannot run with.
// MaxSPRTElo bounds an SPRT's elo0 and elo1: 1000 logistic Elo is a 99.7 %
// score, far past any test an engine author runs.
const MaxSPRTElo = 1000

func (s SPRT) Validate() error {
	switch {
	case !(s.Alpha > 0 && s.Alpha < 1) || !(s.Beta > 0 && s.Beta < 1):
		return fmt.Errorf("stats: SPRT alpha %v and beta %v must be in (0, 1)", s.Alpha, s.Beta)
	case !(s.Alpha+s.Beta < 1):
		return fmt.Errorf("stats: SPRT alpha %v + beta %v must be below 1", s.Alpha, s.Beta)
	case !(s.Elo0 < s.Elo1):
		return fmt.Errorf("stats: SPRT elo0 %v must be below elo1 %v", s.Elo0, s.Elo1)
	case math.IsInf(s.Elo0, 0) || math.IsInf(s.Elo1, 0):
		return fmt.Errorf("stats: SPRT bounds elo0 %v, elo1 %v must be finite", s.Elo0, s.Elo1)
	case math.Abs(s.Elo0) > MaxSPRTElo || math.Abs(s.Elo1) > MaxSPRTElo:
		// Past this a bound stands for a score within a hair of 0 or 1,
		// where the likelihood ratio is no longer a number (it was NaN).
		return fmt.Errorf("stats: SPRT bounds elo0 %v, elo1 %v must be within ±%v", s.Elo0, s.Elo1, MaxSPRTElo)
	case s.Model != Logistic && s.Model != Normalized && s.Model != BayesElo:
		return fmt.Errorf("stats: unknown SPRT model %v", s.Model)
	}
	return nil
}

// Bounds are the log-likelihood ratios at which the test stops (Wald's
// approximation): at or below lower it accepts H0, at or above upper H1.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Decide says what a log-likelihood ratio means for the test. NaN continues.
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr <= lower:
		return AcceptH0
	case llr >= upper:
		return AcceptH1
	}
	return Continue
}

// LLR is the generalized log-likelihood ratio of H1 to H0 for single games.
// It is NaN only for parameters Validate rejects.
func (s SPRT) LLR(t Trinomial) float64 {
	if s.Model == BayesElo {
		return s.bayesEloLLR(t)
	}
	return s.llr(t.dist(), 1)
}

// LLRPentanomial is the generalized log-likelihood ratio of H1 to H0 for game
// pairs. It is NaN only for parameters Validate rejects.
func (s SPRT) LLRPentanomial(p Pentanomial) float64 { return s.llr(p.dist(), math.Sqrt2) }

// llr is N * mean log(q1/q0) with q0, q1 the most likely distributions under
// each hypothesis. tScale converts a per-game t-value into one for d's unit
// (sqrt(2) for pairs: a pair's score has half a game's variance).
func (s SPRT) llr(d distribution, tScale float64) float64 {
	var q0, q1 []float64
	var err0, err1 error
	switch s.Model {
	case Logistic:
		q0, err0 = mleMean(d, Score(s.Elo0))
		q1, err1 = mleMean(d, Score(s.Elo1))
	case Normalized:
		q0, err0 = mleTValue(d, 0.5, s.Elo0/neloPerT*tScale)
		q1, err1 = mleTValue(d, 0.5, s.Elo1/neloPerT*tScale)
	default:
		return math.NaN()
	}
	if err0 != nil || err1 != nil {
		return math.NaN()
	}
	return d.n * logLikelihoodRatio(d.probs, q0, q1)
}
