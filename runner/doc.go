// Package runner plays a run of games between engines: it schedules them
// (match, round robin, gauntlet, knockout), hands them to workers (its own
// goroutines, slot processes, NATS workers through the Farm seam), resumes
// a run from its PGN, checks every record it is given (the record
// checker), writes the outputs (PGN, EPD, JSON, games JSONL) and reports
// the run as it goes, in its own words or through a Printer.
//
// It is the door the rest of the project uses to play (Run, NewPlayer,
// RawEngine). It holds no protocol text and starts no process itself: the
// engine host (runner/internal/enginehost) does, and one game's loop is
// runner/internal/game's. The dashboard's state is runner/live's: runner
// feeds it values and knows nothing of how it is shown.
package runner
