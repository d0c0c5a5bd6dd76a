package runner

// Printer reports a run as it goes in another runner's words: the
// cutechess-cli and fastchess compatibility modes print what scripts written
// for those tools parse. Its methods are called one at a time, each game's
// Finished after the game is in the PGN and counted in the Result.
type Printer interface {
	Started(number, total int, white, black string)
	Finished(rec *GameRecord, res *Result)
	Warn(msg string)
	Final(res *Result)
}

// Pair is the game's pair in the schedule (0-based): the two games of a
// pair share an opening, colours swapped.
func (r *GameRecord) Pair() int { return r.game.pair }

// Encounter is the index of the game's encounter in Result.Encounters.
func (r *GameRecord) Encounter() int { return r.game.encounter }
