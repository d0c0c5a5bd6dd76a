package tune

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/autoplay/autoplay/engine"
)

// Config is one run of "autoplay engine tune".
type Config struct {
	Data       []string // sample files (EPD lines of autoplay match --sample)
	Out        string   // where the new evalweights.go goes; "" writes none
	Epochs     int
	Batch      int
	LR         float64
	MinCount   int
	L2         float64 // see Options.L2
	Holdout    float64 // fraction of positions kept out of training, for validation
	Last       bool    // keep the last epoch's weights, not the best on validation
	Limit      int     // positions to read at most (0: all)
	Noisy      bool    // tune on the positions as they are, not their quiet ends
	Only       string  // a regular expression: tune only the weights whose names match
	ScoreShare float64 // the search score's share of each position's target, the game result's the rest (see Dataset.Blend)
	Seed       uint64
}

// DefaultConfig holds the defaults of the command's flags.
var DefaultConfig = Config{Out: "engine/evalweights.go", Epochs: 100, Batch: 4096, LR: 0.1, MinCount: 50, L2: 1e-7, Holdout: 0.1, Seed: 1}

// Report is what a run found.
type Report struct {
	Positions, Skipped, Validation int
	K, ScoreShare                  float64
	Before, After                  float64 // training error, starting and tuned weights
	ValidBefore, ValidAfter        float64
	Tuned, Total                   int // weights tuned, weights in all
	Epochs, Epoch                  int // epochs run, epoch kept
	Elapsed                        time.Duration
}

func (r *Report) String() string {
	return fmt.Sprintf("%d positions (%d validation), %d epochs (kept %d), K %.6f, score share %g: training error %.6f -> %.6f, validation %.6f -> %.6f; %d of %d weights tuned in %s",
		r.Positions, r.Validation, r.Epochs, r.Epoch, r.K, r.ScoreShare, r.Before, r.After, r.ValidBefore, r.ValidAfter, r.Tuned, r.Total, r.Elapsed.Round(time.Second))
}

// Run tunes the engine's current weights on cfg.Data and writes the result
// to cfg.Out, logging progress to log.
func Run(cfg Config, log io.Writer) (*Report, error) {
	if len(cfg.Data) == 0 {
		return nil, fmt.Errorf("tune: no --data file")
	}
	if cfg.ScoreShare < 0 || cfg.ScoreShare > 1 {
		return nil, fmt.Errorf("tune: --score-share %g: want 0 to 1", cfg.ScoreShare)
	}
	var only func(string) bool
	if cfg.Only != "" {
		re, err := regexp.Compile(cfg.Only)
		if err != nil {
			return nil, fmt.Errorf("tune: --only: %w", err)
		}
		only = re.MatchString
	}
	start := time.Now()
	all, err := Load(cfg.Data, LoadOptions{Quiet: !cfg.Noisy, Limit: cfg.Limit})
	if err != nil {
		return nil, err
	}
	train, valid := all.Split(cfg.Holdout, cfg.Seed)
	if train.Len() == 0 {
		return nil, fmt.Errorf("tune: no usable position in %s", strings.Join(cfg.Data, ", "))
	}
	fmt.Fprintf(log, "%d positions read (%d skipped) in %s: %d to train on, %d to validate\n",
		all.Len(), all.Skipped, time.Since(start).Round(time.Millisecond), train.Len(), valid.Len())

	p := FromWeights(engine.CurrentWeights())
	r := &Report{Positions: train.Len(), Skipped: all.Skipped, Validation: valid.Len(), Epochs: cfg.Epochs}
	r.K, r.ScoreShare = train.FitK(p), cfg.ScoreShare
	train.Blend(cfg.ScoreShare, r.K)
	valid.Blend(cfg.ScoreShare, r.K)
	r.Before, r.ValidBefore = train.Error(p, r.K), valid.Error(p, r.K)
	fmt.Fprintf(log, "K %.6f (fitted to the results), score share %g; training error %.6f, validation %.6f\n", r.K, r.ScoreShare, r.Before, r.ValidBefore)

	tr := Train(train, valid, p, r.K, Options{Epochs: cfg.Epochs, Batch: cfg.Batch, LR: cfg.LR, MinCount: cfg.MinCount, Only: only, L2: cfg.L2, BestValid: !cfg.Last, Log: log})
	r.Tuned, r.Epoch = tr.Tuned, tr.Epoch
	r.Total = 2*engine.NumPairWeights() + len(p.King) + 1
	w := p.Weights()
	tuned := FromWeights(w) // as rounded
	r.After, r.ValidAfter = train.Error(tuned, r.K), valid.Error(tuned, r.K)
	r.Elapsed = time.Since(start)
	fmt.Fprintln(log, r)
	if cfg.Out == "" {
		return r, nil
	}
	engine.SetWeights(w)
	src := engine.WeightsSource(fmt.Sprintf(
		"Tuned by \"autoplay engine tune\" on %d positions (epoch %d of %d, K %.6f, score share %g):\n"+
			"training error %.6f before, %.6f after; validation (%d positions) %.6f, %.6f.",
		r.Positions, r.Epoch, r.Epochs, r.K, r.ScoreShare, r.Before, r.After, r.Validation, r.ValidBefore, r.ValidAfter))
	return r, os.WriteFile(cfg.Out, src, 0o644)
}
