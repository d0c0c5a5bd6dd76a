package runner

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/autoplay/autoplay/runner/record"
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
		Job: GameJob{Number: rec.Number, Encounter: p.Encounter, Pair: p.Pair, White: p.White, Black: p.Black, OpeningIx: p.Opening}}
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
