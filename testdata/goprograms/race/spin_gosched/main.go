// Command spin_gosched: the main goroutine waits for a worker by polling an atomic state with runtime.Gosched between the polls, as the runtime/race tests do; the worker marks itself started (1), computes the result and marks itself done (2), but main waits only for "started", so its read of the result races with the worker's write in the schedules where a poll sees 1. The loop polls one atomic and does nothing else: the checked run explores it without a bound on its failed polls and says "every schedule".
package main

import (
	"fmt"
	"runtime"
	"sync/atomic"
)

func main() {
	var state atomic.Int32
	var result int
	go func() {
		state.Store(1)
		sum := 0
		for i := 1; i <= 10; i++ {
			sum += i
		}
		result = sum // race:result
		state.Store(2)
	}()
	for state.Load() == 0 {
		runtime.Gosched()
	}
	fmt.Println("result:", result) // race:result
	for state.Load() != 2 {
		runtime.Gosched()
	}
}
