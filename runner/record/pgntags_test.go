package record

import (
	"strings"
	"testing"
	"time"

	"github.com/autoplay/autoplay/runner/spec"
)

// tagLines writes rec as the style's PGN and returns its tag lines.
func tagLines(t *testing.T, rec *GameRecord, c *spec.Config) []string {
	t.Helper()
	g, err := rec.PGN(&c.Outputs)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(g.AppendTo(nil)), "\n") {
		if strings.HasPrefix(l, "[") {
			out = append(out, l)
		}
	}
	return out
}

func checkTags(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tags:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func tagsTestRecord(fen string, variant spec.Variant) *GameRecord {
	started := time.Date(2026, 11, 26, 21, 5, 7, 250e6, time.Local)
	ten, five := spec.TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, spec.TimeControl{Base: 5 * time.Second, Inc: 100 * time.Millisecond}
	ten.Nodes = 5000
	rec := &GameRecord{Number: 3, White: "new", Black: "old", StartFEN: fen, Variant: variant,
		TimeControl: [2]spec.TimeControl{ten, five}, Started: started, Duration: 61500 * time.Millisecond,
		Engines: [2]Identity{{Name: "Engine 2", Author: "A. Author"}, {Name: "Engine 1"}}}
	rec.SetEnd(End{Outcome: BlackWins, Termination: TermTimeForfeit, Text: "White loses on time", Culprit: White, Failure: FailTime})
	return rec
}

// The drop-in styles write their tool's tags: set, order, spelling, and the
// Round of the tool's count (here three games to a round: game 3 is in 1).
func TestPGNStylesWriteTheirToolsTags(t *testing.T) {
	const frc = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1"
	start := tagsTestRecord("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", spec.Standard)
	stamp := func(layout string, d time.Duration) string { return start.Started.Add(d).Local().Format(layout) }
	cute, fast := "2006-01-02T15:04:05.000 MST", "2006-01-02T15:04:05 -0700"

	checkTags(t, tagLines(t, start, &spec.Config{Outputs: spec.Outputs{PGNStyle: spec.PGNCutechess, RoundGames: 3}}), []string{
		`[Event "?"]`, `[Site "?"]`, `[Date "2026.11.26"]`, `[Round "1"]`, `[White "new"]`, `[Black "old"]`, `[Result "0-1"]`,
		`[BlackTimeControl "5+0.1"]`,
		`[GameDuration "00:01:01"]`, // 61.5 s: whole seconds, as both tools count
		`[GameEndTime "` + stamp(cute, 61500*time.Millisecond) + `"]`,
		`[GameStartTime "` + stamp(cute, 0) + `"]`,
		`[PlyCount "0"]`, `[Termination "time forfeit"]`, `[WhiteTimeControl "10+0.1"]`,
	})
	chess960 := tagsTestRecord(frc, spec.Chess960)
	chess960.SetEnd(End{Outcome: Draw, Termination: TermNormal, Text: "Draw by 3-fold repetition"})
	checkTags(t, tagLines(t, chess960, &spec.Config{Outputs: spec.Outputs{PGNStyle: spec.PGNCutechess, Event: "E"}}), []string{
		`[Event "E"]`, `[Site "?"]`, `[Date "2026.11.26"]`, `[Round "3"]`, `[White "new"]`, `[Black "old"]`, `[Result "1/2-1/2"]`,
		`[BlackTimeControl "5+0.1"]`, `[FEN "` + frc + `"]`,
		`[GameDuration "00:01:01"]`,
		`[GameEndTime "` + stamp(cute, 61500*time.Millisecond) + `"]`,
		`[GameStartTime "` + stamp(cute, 0) + `"]`,
		`[PlyCount "0"]`, `[SetUp "1"]`, `[Variant "fischerandom"]`, `[WhiteTimeControl "10+0.1"]`,
	})
	// fastchess: node limits are not clocks, so one TimeControl when the
	// clocks agree.
	chess960.TimeControl[Black] = chess960.TimeControl[White]
	chess960.TimeControl[Black].Nodes = 0
	checkTags(t, tagLines(t, chess960, &spec.Config{Outputs: spec.Outputs{PGNStyle: spec.PGNFastchess, RoundGames: 2}}), []string{
		`[Event "Fastchess Tournament"]`, `[Site "?"]`, `[Date "2026.11.26"]`, `[Round "2"]`, `[White "new"]`, `[Black "old"]`, `[Result "1/2-1/2"]`,
		`[EngineWhiteName "Engine 2"]`, `[EngineWhiteAuthor "A. Author"]`, `[EngineBlackName "Engine 1"]`,
		`[SetUp "1"]`, `[FEN "` + frc + `"]`, `[Variant "Chess960"]`,
		`[GameDuration "00:01:01"]`,
		`[GameStartTime "` + stamp(fast, 0) + `"]`,
		`[GameEndTime "` + stamp(fast, 61500*time.Millisecond) + `"]`,
		`[PlyCount "0"]`, `[Termination "normal"]`, `[TimeControl "10+0.1"]`,
	})
	// autoplay's own: every game its own round, FEN after the roster, the
	// duration rounded.
	checkTags(t, tagLines(t, start, &spec.Config{Outputs: spec.Outputs{Event: "autoplay match", Site: "?"}}), []string{
		`[Event "autoplay match"]`, `[Site "?"]`, `[Date "2026.11.26"]`, `[Round "3"]`, `[White "new"]`, `[Black "old"]`, `[Result "0-1"]`,
		`[SetUp "1"]`, `[FEN "` + start.StartFEN + `"]`,
		`[WhiteTimeControl "10+0.1"]`, `[BlackTimeControl "5+0.1"]`,
		`[Termination "time forfeit"]`, `[PlyCount "0"]`, `[GameDuration "00:01:02"]`, `[OpeningSource ""]`,
	})
}
