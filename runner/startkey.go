package runner

import (
	"encoding/json"

	"github.com/autoplay/autoplay/runner/spec"
)

// startKey is what makes an engine's start what it is: its program, args,
// directory, protocol, options, variant... Two entries with the same key
// start alike, so a preflight checks one of them. It is the whole config but
// for what only matters once games are played (name, clocks, restarts,
// books, the score's side), so a field added later counts until known not to.
func startKey(e *spec.EngineConfig) string {
	c := *e
	c.Name, c.TC, c.TimeMargin, c.Restart = "", spec.TimeControl{}, 0, ""
	c.Book, c.BookDepth, c.WhitePOV, c.FullHistory = "", 0, false, false
	b, err := json.Marshal(&c)
	if err != nil {
		return e.Name // cannot happen for plain fields; then each entry is its own
	}
	return string(b)
}
