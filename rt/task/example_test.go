package task_test

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

// A parallel sum: ForAll runs one logical task per element, each writing
// only its own slot, so the program is free of determinacy races; the sum
// is taken after ForAll has joined them all.
func ExampleT_ForAll() {
	xs := make([]int, 1000)
	task.Run(func(t *task.T) {
		t.ForAll(0, len(xs), func(t *task.T, i int) {
			xs[i] = i * i
		})
	})
	sum := 0
	for _, x := range xs {
		sum += x
	}
	fmt.Println(sum)
	// Output: 332833500
}

// fib computes Fibonacci numbers with a future per call above a cutoff,
// below which a serial call is cheaper than a task.
func fib(t *task.T, n int) int {
	if n < 15 {
		return fibSerial(n)
	}
	left := task.NewFuture(t, func(t *task.T) int { return fib(t, n-1) })
	right := fib(t, n-2)
	return left.Get() + right
}

func fibSerial(n int) int {
	if n < 2 {
		return n
	}
	return fibSerial(n-1) + fibSerial(n-2)
}

// Fibonacci with futures: each call spawns the first recursive call as a
// future task, computes the second itself, and gets the first.
func ExampleNewFuture() {
	task.Run(func(t *task.T) {
		fmt.Println(fib(t, 30))
	})
	// Output: 832040
}

// A pipeline of futures: each stage gets the future of the previous stage,
// so stages of different items overlap while each item goes through the
// stages in order. Any task holding a future may get it, not only the one
// that created it.
func ExampleFuture_Get() {
	words := []string{"tasks", "futures", "finish"}
	task.Run(func(t *task.T) {
		out := make([]*task.Future[string], len(words))
		for i, w := range words {
			length := task.NewFuture(t, func(*task.T) int { return len(w) })
			out[i] = task.NewFuture(t, func(*task.T) string {
				return fmt.Sprintf("%s has %d letters", w, length.Get())
			})
		}
		for _, f := range out {
			fmt.Println(f.Get())
		}
	})
	// Output:
	// tasks has 5 letters
	// futures has 7 letters
	// finish has 6 letters
}

// A counter shared by many tasks: Isolated bodies exclude one another, so
// no increment is lost, and the count is read after the tasks were joined.
func ExampleT_Isolated() {
	counter := 0
	task.Run(func(t *task.T) {
		for range 100 {
			t.Async(func(t *task.T) {
				t.Isolated(func() { counter++ })
			})
		}
	})
	fmt.Println(counter)
	// Output: 100
}

// Finish joins every task spawned inside it, also those spawned by its
// tasks without a Finish of their own.
func ExampleT_Finish() {
	var a, b [4]int
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for i := range a {
				t.Async(func(t *task.T) {
					a[i] = i
					t.Async(func(*task.T) { b[i] = 10 * i }) // joined by the same Finish
				})
			}
		})
		fmt.Println(a, b)
	})
	// Output: [0 1 2 3] [0 10 20 30]
}

// A panic in a task reaches the joining Finish (here Run's) as a
// *task.PanicError, once the other tasks have ended.
func ExamplePanicError() {
	defer func() {
		pe := recover().(*task.PanicError)
		fmt.Println("recovered:", pe.Value)
	}()
	task.Run(func(t *task.T) {
		t.Async(func(*task.T) { panic("out of range") })
	})
	// Output: recovered: out of range
}
