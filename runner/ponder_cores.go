package runner

import (
	"fmt"
	"runtime"

	"github.com/autoplay/autoplay/runner/spec"
)

// warnPonderCores: a pondering game keeps both engines thinking, so it
// wants two cores; more games than the machine can give them get slower
// searches than the time control promises.
func warnPonderCores(c *spec.Config, warn func(string)) {
	for _, e := range c.Engines {
		if e.Ponder {
			if n := runtime.NumCPU(); c.Concurrency*2 > n {
				warn(fmt.Sprintf("pondering with concurrency %d needs %d cores; this machine has %d", c.Concurrency, 2*c.Concurrency, n))
			}
			return
		}
	}
}
