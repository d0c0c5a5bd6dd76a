package runner

import "github.com/autoplay/autoplay/runner/record"

// Printer reports a run as it goes in another runner's words: the
// cutechess-cli and fastchess compatibility modes print what scripts written
// for those tools parse. Its methods are called one at a time, each game's
// Finished after the game is in the PGN and counted in the Result.
type Printer interface {
	Started(number, total int, white, black string)
	Finished(rec *record.GameRecord, res *Result)
	Warn(msg string)
	Final(res *Result)
}
