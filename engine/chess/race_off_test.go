//go:build !race

package chess

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
