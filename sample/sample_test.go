package sample

import (
	"strings"
	"testing"

	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

func ply(t *testing.T, move string, kind protocol.ScoreKind, v int, book bool) record.Ply {
	t.Helper()
	m, ok := protocol.ParseMove([]byte(move))
	if !ok {
		t.Fatalf("move %q", move)
	}
	return record.Ply{Move: m, Book: book, Info: record.MoveInfo{Score: protocol.Score{Kind: kind, Value: v}, Depth: 10}}
}

// The game: 1. e4 (book) d5 2. exd5 (a capture) Qxd5 3. Nc3 (White in no
// check) Qe5+ 4. Be2 (out of check) Qg5, White won.
func testGame(t *testing.T) *record.GameRecord {
	cp, mate := protocol.ScoreCP, protocol.ScoreMate
	rec := &record.GameRecord{Number: 1, Outcome: record.WhiteWins, Plies: []record.Ply{
		ply(t, "e2e4", protocol.ScoreNone, 0, true),
		ply(t, "d7d5", cp, -20, false),
		ply(t, "e4d5", cp, 30, false),
		ply(t, "d8d5", cp, -25, false),
		ply(t, "b1c3", cp, 40, false),
		ply(t, "d5e5", cp, -35, false),
		ply(t, "f1e2", mate, 3, false),
		ply(t, "e5g5", mate, -2, false),
	}}
	return rec
}

func lines(t *testing.T, cfg spec.SampleConfig) []Sample {
	t.Helper()
	out, err := Lines(testGame(t), &cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	var got []Sample
	for _, l := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		if l == "" {
			continue
		}
		s, err := Parse(l, cfg.Format)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	return got
}

// Every searched position is kept at freq=1, the book move's is not; each
// reads back as written in every format: score and result from the side
// to move, mates as ±(32000 − plies), the move played.
func TestSamplesOfAGameInEveryFormat(t *testing.T) {
	for _, format := range []string{spec.SampleEPD, spec.SampleCSVAutoplay, spec.SampleJSONL} {
		got := lines(t, spec.SampleConfig{Freq: 1, Format: format, Move: true})
		if len(got) != 7 {
			t.Fatalf("%s: %d samples, want 7 (the book move's left out)", format, len(got))
		}
		first := got[0]
		if first.FEN != "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" || first.Score != -20 || first.Result != -1 || first.Move != "d7d5" {
			t.Errorf("%s: first sample %+v", format, first)
		}
		if got[1].Result != 1 || got[1].Score != 30 {
			t.Errorf("%s: White's sample %+v", format, got[1])
		}
		if m := got[5]; m.Score != MateScore-5 || m.Mate != 3 || m.Move != "f1e2" {
			t.Errorf("%s: mate in 3 for the side to move: %+v", format, m)
		}
		if m := got[6]; m.Score != -(MateScore-4) || m.Mate != -2 {
			t.Errorf("%s: mated in 2: %+v", format, m)
		}
	}
}

// The filters: quiet leaves out captures and positions in check, skipcheck
// only the latter, plies the early ones, decay those far from a capture or
// pawn move (c-chess-cli's decay=); freq keeps a part, the same part
// for the same seed and game.
func TestSampleFilters(t *testing.T) {
	moves := func(ss []Sample) string {
		var m []string
		for _, s := range ss {
			m = append(m, s.Move)
		}
		return strings.Join(m, " ")
	}
	for _, c := range []struct {
		cfg  spec.SampleConfig
		want string
	}{
		{spec.SampleConfig{Freq: 1, Move: true, SkipCheck: true}, "d7d5 e4d5 d8d5 b1c3 d5e5 e5g5"},
		{spec.SampleConfig{Freq: 1, Move: true, Quiet: true}, "d7d5 b1c3 d5e5 e5g5"},
		{spec.SampleConfig{Freq: 1, Move: true, MinPly: 5}, "d5e5 f1e2 e5g5"},
		// decay=100 keeps the positions right after a capture or pawn move
		// (halfmove clock 0: a chance of 1) and no other (e^−100).
		{spec.SampleConfig{Freq: 1, Move: true, Decay: 100}, "d7d5 e4d5 d8d5 b1c3"},
	} {
		c.cfg.Format = spec.SampleJSONL
		if got := moves(lines(t, c.cfg)); got != c.want {
			t.Errorf("%+v: %q, want %q", c.cfg, got, c.want)
		}
	}
	half := spec.SampleConfig{Freq: 0.5, Move: true, Format: spec.SampleCSVAutoplay}
	a, b := moves(lines(t, half)), moves(lines(t, half))
	if a != b || a == moves(lines(t, spec.SampleConfig{Freq: 1, Move: true, Format: spec.SampleCSVAutoplay})) {
		t.Errorf("freq=0.5 kept %q, then %q", a, b)
	}
}

// A game an engine lost by a fault gives no samples.
func TestNoSamplesFromAFaultedGame(t *testing.T) {
	rec := testGame(t)
	rec.Failure = record.FailTime
	if out, _ := Lines(rec, &spec.SampleConfig{Freq: 1, Format: spec.SampleCSV}, 1); len(out) != 0 {
		t.Errorf("samples from a time forfeit: %s", out)
	}
}

// BenchmarkSampleLines: the samples of a game of 160 plies, every position
// kept (the work a finished game costs the collector; nothing is done per
// move). go test -bench SampleLines ./sample
func BenchmarkSampleLines(b *testing.B) {
	t := &testing.T{}
	rec := testGame(t)
	// Knights out and back: 160 plies of legal moves with scores.
	rec.Plies = rec.Plies[:0]
	for i := 0; i < 40; i++ {
		for _, m := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			rec.Plies = append(rec.Plies, ply(t, m, protocol.ScoreCP, 12, false))
		}
	}
	cfg := &spec.SampleConfig{Freq: 1, Format: spec.SampleEPD, Move: true}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Lines(rec, cfg, 1); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(rec.Plies))/b.Elapsed().Seconds(), "samples/s")
}
