package sample

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/sample/epdline"
)

// The tests read the samples back to check what was written; a run never
// reads them (the tuner reads the EPD lines with epdline).

// Parse reads one line of a sample file in format (spec.SampleEPD, CSV,
// CSVAutoplay or JSONL) back into a Sample.
func Parse(line, format string) (Sample, error) {
	var s Sample
	line = strings.TrimSpace(line)
	switch format {
	case spec.SampleJSONL:
		err := json.Unmarshal([]byte(line), &s)
		return s, err
	case spec.SampleCSV:
		return parseCChessCLI(line)
	case spec.SampleCSVAutoplay:
		f := strings.Split(line, ",")
		if len(f) < 3 || len(f) > 4 {
			return s, fmt.Errorf("sample %q: want fen,score,result[,move]", line)
		}
		s.FEN = f[0]
		var err1, err2 error
		s.Score, err1 = strconv.Atoi(f[1])
		s.Result, err2 = strconv.Atoi(f[2])
		if err1 != nil || err2 != nil {
			return s, fmt.Errorf("sample %q: score and result are whole numbers", line)
		}
		if len(f) == 4 {
			s.Move = f[3]
		}
		s.Mate = mateOf(s.Score)
		return s, nil
	}
	return parseEPD(line)
}

// mateOf reads a mate back out of a score, in moves.
func mateOf(score int) int {
	switch {
	case score > MateScore-1000:
		return (MateScore - score + 1) / 2
	case score < -(MateScore - 1000):
		return -(MateScore + score) / 2
	}
	return 0
}

func parseEPD(line string) (Sample, error) {
	l, err := epdline.Parse(line)
	if err != nil {
		return Sample{}, fmt.Errorf("sample: %w", err)
	}
	if !l.HasScore {
		return Sample{}, fmt.Errorf("sample %q: wants a ce operation", line)
	}
	return Sample{FEN: l.FEN, Score: l.Score, Mate: l.Mate, Result: l.Result, Move: l.Move}, nil
}

// parseCChessCLI reads a c-chess-cli CSV line into a Sample: the result
// as −1/0/1, a mate back in autoplay's score (±(MateScore − plies)).
func parseCChessCLI(line string) (Sample, error) {
	var s Sample
	f := strings.Split(line, ",")
	if len(f) != 3 {
		return s, fmt.Errorf("sample %q: want FEN,Eval,Result (c-chess-cli's CSV)", line)
	}
	eval, err1 := strconv.Atoi(f[1])
	result, err2 := strconv.Atoi(f[2])
	if err1 != nil || err2 != nil || result < 0 || result > 2 {
		return s, fmt.Errorf("sample %q: Eval is whole centipawns and Result 0, 1 or 2", line)
	}
	s.FEN, s.Score, s.Result = f[0], eval, result-1
	switch {
	case eval > cchessMating-cchessMateBand:
		s.Mate = cchessMating - eval
		s.Score = MateScore - (2*s.Mate - 1)
	case eval < cchessMated+cchessMateBand:
		s.Mate = cchessMated - eval
		s.Score = -(MateScore - 2*(-s.Mate))
	}
	return s, nil
}
