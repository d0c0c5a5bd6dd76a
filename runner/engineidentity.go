package runner

import (
	"context"

	"github.com/autoplay/autoplay/runner/internal/enginehost"
	"github.com/autoplay/autoplay/runner/record"
	"github.com/autoplay/autoplay/runner/spec"
)

// EngineIdentity starts cfg's engine, completes its handshake and closes
// it, returning what it said of itself (UCI id name and author, XBoard
// myname): cutechess-cli names an engine so when its command line gives
// no name=, and the drop-in mode must know the name before the first
// "Started game" line. Its warnings are left to the run, which starts it
// again.
func EngineIdentity(ctx context.Context, cfg spec.EngineConfig) (record.Identity, error) {
	e, err := enginehost.Start(ctx, &cfg, enginehost.Options{})
	if err != nil {
		return record.Identity{}, err
	}
	defer e.Close()
	return e.Identity(), nil
}
