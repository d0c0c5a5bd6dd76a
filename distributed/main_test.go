package distributed

import (
	"os"
	"testing"

	"github.com/autoplay/autoplay/internal/proctest"
)

// TestMain removes the programs the tests built (the namespace fleet's
// autoplay).
func TestMain(m *testing.M) {
	code := m.Run()
	proctest.RemoveBuilds()
	os.Exit(code)
}
