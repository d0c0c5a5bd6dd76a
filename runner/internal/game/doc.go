// Package game plays one game between two engines: one select loop over
// both engines' events, the deadline and the run's context; the clocks,
// adjudication (draw, resign, move limit, Syzygy), pondering, engine books,
// the rules of the game and the relay's latency histogram. It returns the
// finished record.
//
// It must not know the run: no schedule, no outputs, no resume (runner
// holds them), and no configuration text (it takes spec's plain types).
// Engines are the engine host's (runner/internal/enginehost); protocol
// text stays there.
package game
