package main

import (
	"bytes"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/autoplay/autoplay/internal/ucitest"
)

// perftDivide runs autoplay perft --divide and returns its lines
// ("move: count") and the total it printed.
func perftDivide(t *testing.T, args ...string) (lines []string, total uint64) {
	t.Helper()
	cmd := newPerftCmd()
	var out bytes.Buffer
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SetArgs(append([]string{"--divide"}, args...))
	if err := cmd.Execute(); err != nil {
		t.Fatalf("autoplay perft %v: %v", args, err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if n, ok := strings.CutPrefix(line, "nodes "); ok {
			total, _ = strconv.ParseUint(n, 10, 64)
		} else if strings.Contains(line, ": ") {
			lines = append(lines, line)
		}
	}
	slices.Sort(lines)
	return lines, total
}

// autoplay perft --variant NAME reads the variant's FEN (a pocket, check
// counters) and counts by its rules: its divide, drops written as UCI
// writes them (P@e4), is Fairy-Stockfish's go perft line for line.
func TestPerftVariantMatchesFairyStockfish(t *testing.T) {
	sf := ucitest.FairyStockfish(t) // one process: each starts in seconds on a busy machine
	for _, tc := range []struct{ variant, fen string }{
		// A pocket of each colour: drops beside the board's moves.
		{"crazyhouse", "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R[Bp] w KQkq - 4 4"},
		// White has one check left to give: a check wins at once.
		{"3check", "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 3"},
		{"antichess", "startpos"},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			got, total := perftDivide(t, "--variant", tc.variant, tc.fen, "2")
			sf.Send("setoption name UCI_Variant value %s", tc.variant)
			if tc.fen == "startpos" {
				sf.Send("position startpos")
			} else {
				sf.Send("position fen %s", tc.fen)
			}
			sf.Send("go perft 2")
			var want []string
			last, ok := sf.Until("Nodes searched", func(line string) {
				if strings.Contains(line, ": ") {
					want = append(want, line)
				}
			})
			if !ok {
				t.Fatal("Fairy-Stockfish ended before its perft")
			}
			slices.Sort(want)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("divide differs:\nautoplay:\n%s\nFairy-Stockfish:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if n := strings.TrimSpace(strings.TrimPrefix(last, "Nodes searched:")); n != strconv.FormatUint(total, 10) {
				t.Errorf("autoplay counts %d nodes, Fairy-Stockfish %s", total, n)
			}
			if tc.variant == "crazyhouse" && !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, "B@") }) {
				t.Errorf("no drop in the divide:\n%s", strings.Join(got, "\n"))
			}
		})
	}
}

// A variant's FEN autoplay cannot read is refused naming the variant and
// what is wrong; an unknown variant names the known ones.
func TestPerftVariantRefusals(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--variant", "crazyhouse", "8/8/8/8/8/8/8/K6k[K] w - - 0 1", "1"}, `crazyhouse: fen "8/8/8/8/8/8/8/K6k[K] w - - 0 1": pocket "K"`},
		{[]string{"--variant", "chess", "8/8/8/8/8/8/8/K6k[Q] w - - 0 1", "1"}, "pocket"},
		{[]string{"--variant", "xiangqi", "startpos", "1"}, "crazyhouse, antichess"},
	} {
		cmd := newPerftCmd()
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		cmd.SetArgs(tc.args)
		if err := cmd.Execute(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("perft %v: %v, want an error with %q", tc.args, err, tc.want)
		}
	}
}
