// Package live is what a run shows its watchers (the web dashboard): the
// games being played move by move, the finished games, the standing and
// the plots' points (State); a finished run read back from its PGN for
// autoplay view (PGNIndex); one game reviewed from its PGN text
// (GameReview).
//
// It must not know how a run is played or counted: runner feeds it values
// (the run's description, each move through the game's Watcher, the
// standing after each game) and counts a viewed PGN's games itself
// (runner.LoadView). It starts no process and imports neither runner nor
// the engine host; it borrows only the game's clock, to run a reviewed
// game's clocks down as the game did.
package live
