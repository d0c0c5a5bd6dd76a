package game

import (
	"time"

	"github.com/autoplay/autoplay/pgn"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// NewRecord is the record of game number before its first move: who plays
// it (names and configs by colour), from which opening, at which time
// controls and variant, started now. A game played and one its engine
// could not start for (the runner's) share this one header.
func NewRecord(number int, opening pgn.Opening, names [2]string, engines [2]*spec.EngineConfig) *record.GameRecord {
	return &record.GameRecord{
		Number: number, White: names[White], Black: names[Black],
		StartFEN: opening.FEN, Started: time.Now(), Opening: opening.Source,
		TimeControl: [2]spec.TimeControl{engines[White].TC, engines[Black].TC},
		Variant:     engines[White].Variant,
	}
}
