package runner

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// wireRecord is a finished game as a worker sends it back.
type wireRecord struct {
	*record.GameRecord
	Job GameJob `json:"job"`
}

// MarshalRecord encodes a finished game for the coordinator: the record
// without its plies as JSON (its length first, as a uvarint), then the
// plies in their compact form (record.AppendPlies).
func MarshalRecord(rec *record.GameRecord) ([]byte, error) {
	p := rec.Place
	head := *rec
	head.Plies = nil
	w := wireRecord{GameRecord: &head,
		Job: GameJob{Number: rec.Number, Encounter: p.Encounter, Pair: p.Pair, White: p.White, Black: p.Black, OpeningIx: p.Opening, Round: p.Round}}
	js, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	out := binary.AppendUvarint(make([]byte, 0, len(js)+16+24*len(rec.Plies)), uint64(len(js)))
	return record.AppendPlies(append(out, js...), rec.Plies), nil
}

// UnmarshalRecord decodes what MarshalRecord wrote.
func UnmarshalRecord(b []byte) (*record.GameRecord, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, errors.New("game record: bad header")
	}
	w := wireRecord{GameRecord: &record.GameRecord{}}
	if err := json.Unmarshal(b[k:k+int(n)], &w); err != nil {
		return nil, fmt.Errorf("game record: %w", err)
	}
	rec := w.GameRecord
	var err error
	if rec.Plies, err = record.ReadPlies(b[k+int(n):]); err != nil {
		return nil, err
	}
	rec.Place = w.Job.scheduled().place()
	return rec, nil
}

// CheckRecord says whether a record that came back from a worker elsewhere
// is the game of job in the run of cfg: its number, place and players the
// job's, its opening the job's opening (the same start, the opening's moves
// as book moves), every move legal from there, and an ending its final
// position and the run allow (checkPlay), with the termination that ending
// has. A record that does not check out is never recorded.
func CheckRecord(cfg *spec.Config, job GameJob, rec *record.GameRecord) error {
	switch {
	case rec.Number != job.Number:
		return fmt.Errorf("it is game %d, not the job's game %d", rec.Number, job.Number)
	case rec.Place != job.scheduled().place():
		return fmt.Errorf("game %d: its place in the schedule %+v is not the job's %+v", rec.Number, rec.Place, job.scheduled().place())
	case job.White < 0 || job.White >= len(cfg.Engines) || job.Black < 0 || job.Black >= len(cfg.Engines):
		return fmt.Errorf("game %d: the job names engines the run does not have", rec.Number)
	case rec.White != cfg.Engines[job.White].Name || rec.Black != cfg.Engines[job.Black].Name:
		return fmt.Errorf("game %d: %s vs %s, but the job is %s vs %s", rec.Number, rec.White, rec.Black, cfg.Engines[job.White].Name, cfg.Engines[job.Black].Name)
	case rec.StartFEN != job.Opening.FEN:
		return fmt.Errorf("game %d: it starts from %q, not the job's opening %q", rec.Number, rec.StartFEN, job.Opening.FEN)
	case rec.Outcome == record.NoResult || rec.Outcome > record.Draw:
		return fmt.Errorf("game %d: no result", rec.Number)
	case len(rec.Plies) < len(job.Opening.Moves):
		return fmt.Errorf("game %d: shorter than its opening", rec.Number)
	}
	pos, err := cfg.Variant.StartPosition(job.Opening.FEN)
	if err != nil {
		return fmt.Errorf("game %d: opening: %w", rec.Number, err)
	}
	for i, m := range job.Opening.Moves {
		mv, ok := pos.FromProtocol(m)
		if !ok || !rec.Plies[i].Book || rec.Plies[i].Move != pos.CanonicalMove(mv) {
			return fmt.Errorf("game %d: ply %d is not the opening's move %s", rec.Number, i+1, m)
		}
		pos.MakeMove(mv)
	}
	end, err := checkPlay(rec, len(job.Opening.Moves), runEndings(&cfg.Adjudication, cfg.Engines, job.White, job.Black), true)
	if err != nil {
		return fmt.Errorf("game %d: %w", rec.Number, err)
	}
	if rec.Termination != end.Termination || rec.Culprit != end.Culprit || rec.Failure != end.Failure || rec.Replace != end.Replace {
		return fmt.Errorf("game %d: it ends {%s}, but its termination (%q, culprit %s, failure %d) is not that ending's", rec.Number, rec.Ending, rec.Termination, rec.Culprit, rec.Failure)
	}
	return nil
}
