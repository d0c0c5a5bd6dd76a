package runner

import (
	"fmt"
	"math"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/runner/stats"
)

// jsonReport is the machine-readable state of a run (--json), rewritten
// atomically after every game.
type jsonReport struct {
	State      string              `json:"state"` // running, finished, interrupted, failed
	Type       spec.Tournament     `json:"type"`
	Event      string              `json:"event"`
	Games      int                 `json:"games"`
	Played     int                 `json:"played"`
	Resumed    int                 `json:"resumed"`
	Engines    []stats.EngineStats `json:"engines"`
	Encounters []jsonEncounter     `json:"encounters"`
	SPRT       *jsonSPRT           `json:"sprt,omitempty"`
	// OpeningsSkipped counts bad openings left out under policy=skip.
	OpeningsSkipped int `json:"openings_skipped,omitempty"`
	// Knockout is the bracket, round by round, and its winner once decided.
	Knockout *jsonKnockout `json:"knockout,omitempty"`
	// Timing is, per engine, the runner's time of its moves against the
	// engine's own (gaps in nanoseconds), and its time forfeits' overruns.
	Timing []EngineTiming `json:"timing,omitempty"`
}

type jsonKnockout struct {
	Rounds []stats.KnockoutRound `json:"rounds"`
	Winner string                `json:"winner,omitempty"`
}

// jsonEncounter holds the figures the summary prints, rounded the same,
// under the printed names: "games" is the model of single games (the
// "Elo difference" and "nElo (games)" lines), "pairs" the pentanomial one
// (the "(pairs)" line). A figure with no finite value is "inf", "-inf" or
// null, and "reason" says why.
type jsonEncounter struct {
	First       string         `json:"first"`
	Second      string         `json:"second"`
	Wins        int            `json:"wins"`
	Draws       int            `json:"draws"`
	Losses      int            `json:"losses"`
	Pentanomial [5]int         `json:"pentanomial"`
	Score       float64        `json:"score"`
	Games       stats.Figures  `json:"games"`
	Pairs       *stats.Figures `json:"pairs,omitempty"`
}

type jsonSPRT struct {
	Elo0     float64 `json:"elo0"`
	Elo1     float64 `json:"elo1"`
	Alpha    float64 `json:"alpha"`
	Beta     float64 `json:"beta"`
	Model    string  `json:"model"`
	LLR      float64 `json:"llr"`
	Lower    float64 `json:"lower"`
	Upper    float64 `json:"upper"`
	Decision string  `json:"decision"` // continue, H0, H1
}

// writeJSON rewrites the --json file, if there is one, of a run of type t.
func (o *outputs) writeJSON(c *spec.Outputs, t spec.Tournament, res *Result, state string) error {
	if c.JSONOut == "" {
		return nil
	}
	rep := jsonReport{State: state, Type: t, Event: c.Event, Games: res.Total, Played: res.Played,
		Resumed: res.Resumed, Engines: res.Engines, OpeningsSkipped: res.OpeningsSkipped, Timing: res.Timing}
	for _, enc := range res.Encounters {
		je := jsonEncounter{
			First: enc.Names[0], Second: enc.Names[1],
			Wins: enc.Score.Wins, Draws: enc.Score.Draws, Losses: enc.Score.Losses,
			Pentanomial: enc.Pairs, Score: scoreRate(enc.Score), Games: enc.Score.Figures(),
		}
		if enc.Pairs.Pairs() > 0 {
			pairs := enc.Pairs.Figures()
			je.Pairs = &pairs
		}
		rep.Encounters = append(rep.Encounters, je)
	}
	if res.Knockout != nil {
		rep.Knockout = &jsonKnockout{Rounds: res.Knockout}
		if last := res.Knockout[len(res.Knockout)-1]; len(last) == 1 {
			rep.Knockout.Winner = last[0].Winner
		}
	}
	if s := res.SPRT; s != nil {
		rep.SPRT = &jsonSPRT{Elo0: s.Test.Elo0, Elo1: s.Test.Elo1, Alpha: s.Test.Alpha, Beta: s.Test.Beta,
			Model: s.Test.Model.String(), LLR: finite(s.LLR), Lower: s.Lower, Upper: s.Upper, Decision: s.Decision.String()}
	}
	if err := writeFileAtomic(c.JSONOut, mustJSON(rep)); err != nil {
		return fmt.Errorf("--json %s: cannot write: %w", c.JSONOut, unwrapPath(err))
	}
	return nil
}

// scoreRate is the first engine's points per game to three decimals, as the
// Score line prints it.
func scoreRate(t stats.Trinomial) float64 {
	if t.Games() == 0 {
		return 0.5
	}
	return math.Round(1000*(float64(t.Wins)+float64(t.Draws)/2)/float64(t.Games())) / 1000
}

// finite keeps NaN and infinities out of JSON, which cannot hold them.
func finite(x float64) float64 {
	if x != x || x > 1e300 || x < -1e300 {
		return 0
	}
	return x
}
