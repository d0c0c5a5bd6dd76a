// Package sample turns finished games into training data (autoplay
// --sample): positions the engines searched, each with the searching
// engine's score from the side to move's view, the game's result from that
// side's view, and the move played, as EPD, CSV or JSON lines. The runner
// writes a game's samples in one write, right after the game's PGN, so a
// resumed run (which never replays a game in its PGN) adds no duplicates.
package sample

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/autoplay/autoplay/engine/chess"
	"github.com/autoplay/autoplay/protocol"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
	"github.com/autoplay/autoplay/sample/epdline"
)

// Sample is one training position.
type Sample struct {
	FEN string `json:"fen"`
	// Score is the engine's score in centipawns from the side to move's
	// view; a mate is ±(MateScore − plies to mate), and Mate says it in
	// moves (positive: the side to move mates), 0 otherwise.
	Score  int    `json:"score"`
	Mate   int    `json:"mate,omitempty"`
	Result int    `json:"result"`         // 1 the side to move won, 0 a draw, -1 it lost
	Move   string `json:"move,omitempty"` // the move played (UCI), when asked for
}

// MateScore is the score of a mate on the board, as Stockfish counts it: a
// mate in n plies is MateScore − n.
const MateScore = 32000

// Lines are the samples of one finished game in cfg's format, all of them
// in one slice for one write; nil when none is kept. Positions the engines
// did not search (book moves) and moves without a score are never kept,
// nor any position of a game an engine lost by a fault (its result says
// nothing of the position). Which positions freq keeps is drawn from seed
// and the game's number: the same run keeps the same positions.
func Lines(rec *record.GameRecord, cfg *spec.SampleConfig, seed uint64) ([]byte, error) {
	if rec.Failure != record.NoFailure || (rec.Outcome != record.WhiteWins && rec.Outcome != record.BlackWins && rec.Outcome != record.Draw) {
		return nil, nil
	}
	pos, err := chess.StartPosition(rec.StartFEN)
	if err != nil {
		return nil, err
	}
	if rec.Variant.IsChess960() {
		pos.SetChess960(true)
	}
	rng := rand.New(rand.NewPCG(seed, uint64(rec.Number)))
	var out []byte
	startPly := 2*(pos.FullmoveNumber()-1) + int(pos.SideToMove())
	for i := range rec.Plies {
		p := &rec.Plies[i]
		m, ok := pos.FromProtocol(p.Move)
		if !ok {
			return nil, fmt.Errorf("game %d ply %d: %s is not legal", rec.Number, i+1, p.Move)
		}
		// drawn for every ply: the choice does not shift with the filters
		keep := rng.Float64() < keepChance(cfg, pos.HalfmoveClock())
		if keep && eligible(pos, m, p, cfg, startPly+i) {
			s := Sample{FEN: fenOf(pos, cfg.Format), Result: resultFor(rec.Outcome, pos.SideToMove())}
			s.Score, s.Mate = scoreOf(p.Info.Score)
			if cfg.Move {
				s.Move = string(m.AppendUCI(nil, pos.Chess960()))
			}
			out = appendSample(out, &s, cfg.Format)
		}
		pos.MakeMove(m)
	}
	return out, nil
}

// keepChance is the chance a position is kept: freq, thinned by decay as
// c-chess-cli does (freq·exp(−decay·halfmove clock)).
func keepChance(cfg *spec.SampleConfig, halfmoves int) float64 {
	if cfg.Decay == 0 {
		return cfg.Freq
	}
	return cfg.Freq * math.Exp(-cfg.Decay*float64(halfmoves))
}

// eligible says whether the position before move m (the ply-th of the
// game from its first position) passes cfg's filters.
func eligible(pos *chess.Position, m chess.Move, p *record.Ply, cfg *spec.SampleConfig, ply int) bool {
	switch {
	case p.Book || p.Info.Score.Kind == protocol.ScoreNone:
		return false
	case ply < cfg.MinPly:
		return false
	case (cfg.SkipCheck || cfg.Quiet) && pos.InCheck():
		return false
	case cfg.Quiet && (m.Promotion() != chess.NoPieceType || m.IsEnPassant() || (!m.IsCastle() && pos.PieceAt(m.To()) != chess.NoPiece)):
		return false
	}
	return true
}

func resultFor(o record.Outcome, side chess.Color) int {
	switch {
	case o == record.Draw:
		return 0
	case (o == record.WhiteWins) == (side == chess.White):
		return 1
	}
	return -1
}

// scoreOf is a search's score in centipawns, mates as ±(MateScore − plies).
func scoreOf(s protocol.Score) (score, mate int) {
	if s.Kind != protocol.ScoreMate {
		return s.Value, 0
	}
	if s.Value > 0 {
		return MateScore - (2*s.Value - 1), s.Value
	}
	return -(MateScore - 2*(-s.Value)), min(s.Value, -1)
}

func appendSample(dst []byte, s *Sample, format string) []byte {
	switch format {
	case spec.SampleCSV:
		return appendCChessCLI(dst, s)
	case spec.SampleCSVAutoplay:
		dst = fmt.Appendf(dst, "%s,%d,%d", s.FEN, s.Score, s.Result)
		if s.Move != "" {
			dst = append(append(dst, ','), s.Move...)
		}
		return append(dst, '\n')
	case spec.SampleJSONL:
		b, _ := json.Marshal(s)
		return append(append(dst, b...), '\n')
	}
	return epdline.Append(dst, epdline.Line{FEN: s.FEN, Score: s.Score, Mate: s.Mate, Result: s.Result, Move: s.Move})
}
