// Package engine is autoplay's built-in chess engine.
//
// It stands on the project's one chess core, package engine/chess (the
// board, move generation, FEN, SAN, status, Zobrist and Polyglot keys,
// Chess960), which the runner and the PGN reader use too, by its own names
// (chess.Position, chess.Move). On top of it:
//
//   - A search: Searcher (iterative deepening, PVS with aspiration windows,
//     quiescence, transposition table, null move, ProbCut, pruning, LMR, singular
//     extensions, killers, history and continuation history)
//     over a tapered evaluation, with time management from Limits and an
//     optional opening Book.
//   - A front end: Run reads protocol lines on one goroutine, acts on typed
//     Commands in the core, and writes Replies on another; UCI and XBoard
//     are the two Protocol adapters.
package engine
