package runner

import (
	"reflect"
	"testing"
	"time"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
)

// fillNonZero sets every settable field under v to a value that is not its
// zero, so a field the wire form forgets shows as a difference.
func fillNonZero(t *testing.T, v reflect.Value, seed int) {
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				fillNonZero(t, f, seed+i)
			}
		}
	case reflect.String:
		v.SetString("text " + string(rune('a'+seed%26)))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(-1000 - seed))
	case reflect.Uint64, reflect.Uint8, reflect.Uint32, reflect.Uint:
		v.SetUint(uint64(3 + seed))
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fillNonZero(t, s.Index(i), seed+i)
		}
		v.Set(s)
	case reflect.Pointer:
		n := reflect.New(v.Type().Elem())
		fillNonZero(t, n.Elem(), seed)
		v.Set(n)
	default:
		t.Fatalf("fillNonZero: no rule for %s", v.Type())
	}
}

func wireTestRecord(t *testing.T) *record.GameRecord {
	rec := &record.GameRecord{Number: 7, White: "a", Black: "b", StartFEN: "8/8/8/8/8/8/8/K1k5 w - - 0 1",
		Outcome: record.WhiteWins, Termination: "time forfeit", Ending: "Black loses on time",
		Started: time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC), Duration: 1500 * time.Millisecond}
	rec.Place = record.Place{Encounter: 1, Pair: 3, White: 0, Black: 1, Opening: 5}
	rec.Culprit, rec.Failure, rec.Replace = record.Black, record.FailTime, true
	for i := range 3 {
		var p record.Ply
		fillNonZero(t, reflect.ValueOf(&p.Info).Elem(), i)
		p.Book, p.Elapsed, p.TimeLeft = i == 1, time.Duration(i+1)*time.Millisecond, -time.Duration(i)*time.Second
		rec.Plies = append(rec.Plies, p)
	}
	rec.Plies[0].Move = protocol.MustParseMove("e7e8q")
	rec.Plies[1].Move = protocol.MustParseMove("e1g1").Castling('h')
	rec.Plies[2].Move = protocol.MustParseMove("0000")
	return rec
}

func TestRecordCrossesTheWireWhole(t *testing.T) {
	rec := wireTestRecord(t)
	data, err := MarshalRecord(rec)
	if err != nil {
		t.Fatal(err)
	}
	got, err := UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Plies, rec.Plies) {
		t.Errorf("plies differ:\n got %+v\nwant %+v", got.Plies, rec.Plies)
	}
	if !got.Plies[1].Move.IsCastling() {
		t.Errorf("castling lost its rook")
	}
	if got.Place != rec.Place || got.Culprit != record.Black || !got.Replace || got.Number != 7 || !got.Started.Equal(rec.Started) {
		t.Errorf("record fields differ: %+v", got)
	}
}

// A cut or damaged record is an error, never a panic or a huge allocation.
func TestDamagedRecordIsAnError(t *testing.T) {
	data, err := MarshalRecord(wireTestRecord(t))
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		if _, err := UnmarshalRecord(data[:n]); err == nil {
			t.Errorf("a record cut to %d of %d bytes was accepted", n, len(data))
		}
	}
	for i := range data {
		bad := append([]byte(nil), data...)
		bad[i] ^= 0xff
		UnmarshalRecord(bad) // must not panic
	}
}
