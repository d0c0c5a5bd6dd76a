package syzygy

import (
	"os"
	"testing"
)

// builtAtInit says the index tables were built before any test ran: by a
// package init, which every autoplay process would pay (13 kB written).
var builtAtInit bool

func TestMain(m *testing.M) {
	builtAtInit = binomial[0][0] != 0
	os.Exit(m.Run())
}

// The index tables are built when tables are first opened, not at start-up.
func TestIndexTablesAreBuiltOnFirstOpen(t *testing.T) {
	if builtAtInit {
		t.Fatal("the Syzygy index tables were built at init")
	}
	Open(t.TempDir()) // no tables there: an error, but the index tables are built
	if binomial[0][0] != 1 || binomial[2][5] != 10 {
		t.Fatalf("Open left the index tables unbuilt: binomial[2][5] = %d", binomial[2][5])
	}
}
