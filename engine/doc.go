// Package engine is autoplay's built-in chess engine.
//
// It has three layers:
//
//   - A rules core that a GUI can use on its own: Position (bitboards, legal
//     move generation, make/unmake with incremental Zobrist hashing, FEN in
//     and out, UCI and SAN moves, Chess960 castling, game status and
//     repetition keys). Position.Play, Status, Hash, AppendSAN and AppendFEN
//     do not allocate once the game history has grown.
//   - A search: Searcher (iterative deepening, PVS with aspiration windows,
//     quiescence, transposition table, null move, LMR, killers and history)
//     over a tapered evaluation, with time management from Limits and an
//     optional opening Book.
//   - A front end: Run reads protocol lines on one goroutine, acts on typed
//     Commands in the core, and writes Replies on another; UCI and XBoard
//     are the two Protocol adapters.
package engine
