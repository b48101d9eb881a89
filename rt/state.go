package rt

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"unsafe"
)

// state is the checker of one process. Like runtime/race's, it is global:
// hooks are called from generated code that has no value to pass it in.
type state struct {
	opts options

	pendingSite uint32 // set by At, taken by the next task-library call

	races     atomic.Uint64 // races reported so far
	testRaced atomic.Uint64 // of which during a test

	mu sync.Mutex // serializes checked Runs
}

var (
	theState *state
	initOnce sync.Once
)

// global returns the process's checker, creating it on first use.
func global() *state {
	initOnce.Do(func() {
		o, err := parseOptions(os.Getenv("TPINSTR"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "tpinstr:", err)
			os.Exit(2)
		}
		theState = &state{opts: o}
	})
	return theState
}

func (st *state) raceCount() uint64         { return st.races.Load() }
func (st *state) testRaces() uint64         { return st.testRaced.Load() }
func (st *state) attributeToTests(n uint64) { st.testRaced.Add(n) }
func (st *state) flush()                    {}

func setPendingSite(site uint32) { global().pendingSite = site }

func access(p unsafe.Pointer, size uintptr, write bool, site uint32) {}
