package runner

import (
	"sync"
	"testing"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// recordKeeper is a Printer that keeps every finished game's record.
type recordKeeper struct {
	mu   sync.Mutex
	recs []*record.GameRecord
}

func (k *recordKeeper) Started(int, int, string, string) {}
func (k *recordKeeper) Warn(string)                      {}
func (k *recordKeeper) Final(*Result)                    {}
func (k *recordKeeper) Finished(rec *record.GameRecord, _ *Result) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.recs = append(k.recs, rec)
}

// Games played on a clock with draw and resign adjudication pass the
// check a coordinator makes of a worker's record, scores replayed: the
// checker refuses forgeries, never the games autoplay plays.
func TestPlayedRecordsPassTheCoordinatorsCheck(t *testing.T) {
	needStockfish(t)
	keeper := &recordKeeper{}
	cfg := spec.Config{
		Engines: []spec.EngineConfig{
			engineSpec(t, "name=a cmd="+stockfishPath+" tc=60+1 nodes=1500 option.Threads=1 option.Hash=8"),
			engineSpec(t, "name=b cmd="+stockfishPath+" tc=60+1 nodes=800 option.Threads=1 option.Hash=8"),
		},
		Schedule:     spec.Schedule{Games: 8, Openings: spec.OpeningsConfig{File: "testdata/uho4.epd"}},
		Adjudication: spec.Adjudication{MaxMoves: 40, Draw: &spec.DrawAdjudication{MoveNumber: 12, MoveCount: 2, Score: 30}, Resign: &spec.ResignAdjudication{MoveCount: 2, Score: 300}},
		RunLayout:    spec.RunLayout{Concurrency: 2},
	}
	run, err := Run(t.Context(), cfg, Options{Printer: keeper})
	if err != nil {
		t.Fatal(err)
	}
	checkNoLeaks(t)
	if err := cfg.Complete(); err != nil {
		t.Fatal(err)
	}
	adjudicated := 0
	for _, rec := range keeper.recs {
		p := rec.Place
		job := GameJob{Number: rec.Number, Encounter: p.Encounter, Pair: p.Pair, White: p.White, Black: p.Black, OpeningIx: p.Opening,
			Opening: pgn.Opening{FEN: rec.StartFEN}}
		if err := CheckRecord(&cfg, job, rec); err != nil {
			t.Errorf("a game autoplay played is refused: %v", err)
		}
		if rec.Termination == record.TermAdjudication && rec.Ending != "Draw by adjudication: move limit" {
			adjudicated++
		}
		t.Logf("game %d: %s {%s}", rec.Number, rec.Outcome, rec.Ending)
	}
	if len(keeper.recs) != run.Played || adjudicated == 0 {
		t.Errorf("%d records of %d games, %d adjudicated by scores: the test proves little", len(keeper.recs), run.Played, adjudicated)
	}
}
