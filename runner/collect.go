package runner

import (
	"github.com/autoplay/autoplay/runner/record"
)

// collect records finished games as they come, whole, before they are
// reported; a game already recorded (a distributed run's redelivery) is
// dropped.
func (r *run) collect(results <-chan *record.GameRecord, res *Result, outs *outputs, queue *gameQueue) {
	if r.recorded == nil {
		r.recorded = map[int]bool{}
	}
	for rec := range results {
		if r.recorded[rec.Number] {
			continue
		}
		r.recorded[rec.Number] = true
		g, err := outs.record(rec, &r.cfg.Outputs, r.cfg.Seed, r.live != nil)
		if err != nil {
			r.fail(err)
			continue
		}
		res.add(scheduledOf(rec), rec.Outcome, rec.Culprit, rec.Failure)
		if r.knockout != nil { // counted before it is reported, as cutechess-cli prints its bracket
			r.knockout.score(scheduledOf(rec), rec.Outcome)
			res.Knockout = r.knockout.Bracket()
		}
		if r.timing != nil {
			r.timing.add(rec)
			res.Timing = r.timing.summary()
		}
		r.out.finished(rec)
		if r.live != nil {
			r.live.Recorded(rec, string(g.AppendTo(nil)), liveSummary(res, false))
			r.live.Plot(pointOf(res))
		}
		if r.knockout != nil {
			more, said, done := r.knockout.record(res)
			r.growPlan(res)
			res.Knockout = r.knockout.Bracket()
			for _, line := range said {
				r.out.note(line)
			}
			queue.add(more, done)
		}
		if err := outs.writeJSON(&r.cfg.Outputs, r.cfg.Type, res, "running"); err != nil {
			r.fail(err)
		}
		if res.decided() {
			r.finish() // running games finish and count; no new ones start
		}
	}
}
