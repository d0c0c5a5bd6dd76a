package spec

// The run's defaults: what Complete puts in place of a zero, and what the
// front ends' flags show in their help.
const (
	DefaultGames       = 2  // one pair: the same opening with each engine White once
	DefaultRounds      = 1  // every encounter once
	DefaultSeeds       = 1  // a gauntlet's one seed plays all the others
	DefaultConcurrency = 1  // one game at a time
	DefaultSeed        = 1  // the random opening order and Chess960 arrays
	DefaultReportEvery = 10 // the score printed every 10 games
)
