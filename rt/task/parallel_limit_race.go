//go:build !tpinstr && !tpserial && race

package task

// spawnLimit is lower under the race detector, which aborts a program with
// more than 8128 live goroutines: one Finish alone stays well below that.
const spawnLimit = 1 << 11
