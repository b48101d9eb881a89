//go:build !tpinstr && !tpserial && !race

package task

// spawnLimit is the number of outstanding tasks of one Finish above which a
// new task runs inline on its spawner's goroutine (see Async). It is far
// above what keeps every core busy, and bounds the goroutines (and their
// stacks) that a loop of spawns can pile up in one Finish.
const spawnLimit = 1 << 13
