// Command spin_gosched: the race-free twin of race/spin_gosched: main polls until the worker's state says done (2), whose Store comes after the write of the result, so the Load that sees it orders the read after the write.
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
		result = sum
		state.Store(2)
	}()
	for state.Load() != 2 {
		runtime.Gosched()
	}
	fmt.Println("result:", result)
}
