// Command close_done: many waiters block on a done channel that the parent closes; the parent sets the greeting after the close, so the waiters' reads, which the close orders after only what came before it, race with that write.
package main

import (
	"fmt"
	"sync"
)

func main() {
	greeting := "hello"
	done := make(chan struct{})
	lengths := make([]int, 4)

	var wg sync.WaitGroup
	for i := range lengths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-done
			lengths[i] = len(greeting) // race:greet
		}()
	}

	close(done)
	greeting = "hi" // race:greet
	wg.Wait()

	total := 0
	for _, n := range lengths {
		if n > 0 {
			total++
		}
	}
	fmt.Println("waiters released:", total)
}
