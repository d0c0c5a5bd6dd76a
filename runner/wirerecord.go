package runner

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
)

// wireRecord is a finished game as a worker sends it back.
type wireRecord struct {
	*GameRecord
	Job     GameJob `json:"job"`
	Culprit Color   `json:"culprit"`
	Failed  bool    `json:"failed"`
	Failure failure `json:"failure"`
}

// MarshalRecord encodes a finished game for the coordinator: the record
// without its plies as JSON (its length first, as a uvarint), then the
// plies in their compact form (wireplies.go).
func MarshalRecord(rec *GameRecord) ([]byte, error) {
	g := rec.game
	head := *rec
	head.Plies = nil
	w := wireRecord{GameRecord: &head, Culprit: rec.end.culprit, Failed: rec.end.failed, Failure: rec.end.failure,
		Job: GameJob{Number: g.number, Encounter: g.encounter, Pair: g.pair, White: g.white, Black: g.black, OpeningIx: g.opening}}
	js, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	out := binary.AppendUvarint(make([]byte, 0, len(js)+16+24*len(rec.Plies)), uint64(len(js)))
	return appendPlies(append(out, js...), rec.Plies), nil
}

// UnmarshalRecord decodes what MarshalRecord wrote.
func UnmarshalRecord(b []byte) (*GameRecord, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return nil, errors.New("game record: bad header")
	}
	w := wireRecord{GameRecord: &GameRecord{}}
	if err := json.Unmarshal(b[k:k+int(n)], &w); err != nil {
		return nil, fmt.Errorf("game record: %w", err)
	}
	rec := w.GameRecord
	var err error
	if rec.Plies, err = readPlies(b[k+int(n):]); err != nil {
		return nil, err
	}
	rec.game = w.Job.scheduled()
	rec.end = ending{outcome: rec.Outcome, termination: rec.Termination, text: rec.Ending,
		culprit: w.Culprit, failed: w.Failed, failure: w.Failure}
	return rec, nil
}
