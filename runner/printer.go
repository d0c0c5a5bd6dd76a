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

// printer is what the reporter prints through: a Printer, and the two
// events only autoplay's own words tell apart (ownPrinter).
type printer interface {
	Printer
	// alert is a warning a result may hang on, shown even under Quiet.
	alert(msg string)
	// resumed says how many games a resume found played.
	resumed(res *Result)
}

// foreignPrinter is another runner's Printer: its alerts are warnings like
// any other, and it says nothing of a resume (the drop-in modes append to
// the PGN without resuming).
type foreignPrinter struct{ Printer }

func (f foreignPrinter) alert(msg string) { f.Warn(msg) }
func (foreignPrinter) resumed(*Result)    {}
