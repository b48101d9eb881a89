//go:build race

package task

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = true
