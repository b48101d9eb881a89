// Command close_done: many waiters block on a done channel that the parent closes after setting the greeting; the close happens before every receive that returns because of it, so the waiters' reads follow the write.
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
			lengths[i] = len(greeting)
		}()
	}

	greeting = "hi"
	close(done)
	wg.Wait()

	total := 0
	for _, n := range lengths {
		if n > 0 {
			total++
		}
	}
	fmt.Println("waiters released:", total, "length", lengths[0])
}
