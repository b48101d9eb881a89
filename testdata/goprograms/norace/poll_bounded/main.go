// Command poll_bounded: the UI polls three times, with a select and a default, for the loader's done channel, and then waits for it before it shows the profile: the close orders the loader's write before the read, whichever poll saw it: no race.
package main

import (
	"fmt"
	"sync"
)

type profile struct{ name string }

func main() {
	p := &profile{}
	loaded := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		p.name = "gopher"
		close(loaded)
	}()
	for i := 0; i < 3; i++ {
		select {
		case <-loaded:
			i = 3
		default:
		}
	}
	<-loaded
	shown := p.name != ""
	wg.Wait()
	fmt.Println("shown:", shown || p.name != "")
}
