package protocol

import (
	"encoding/json"
	"testing"
)

func TestMoveTextRoundTrips(t *testing.T) {
	for _, m := range []Move{MustParseMove("e2e4"), MustParseMove("e7e8q"), MustParseMove("e1g1").Castling('h'), MustParseMove("b1c1").Castling('b')} {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var back Move
		if err := json.Unmarshal(b, &back); err != nil || back != m {
			t.Errorf("%v -> %s -> %v, %v", m, b, back, err)
		}
	}
	var m Move
	for _, bad := range []string{`"e9e4"`, `"e1g1/z"`, `"e1g1/"`} {
		if err := json.Unmarshal([]byte(bad), &m); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
