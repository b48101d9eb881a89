// Command poll_bounded: the UI polls three times, with a select and a default, for the loader's done channel, and then shows whatever the profile holds; the loader writes the profile before closing the channel. Only the schedule that delays the loader past all three polls reaches the race: a failed poll orders nothing.
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
		p.name = "gopher" // race:name
		close(loaded)
	}()
	for i := 0; i < 3; i++ {
		select {
		case <-loaded:
			i = 3
		default:
		}
	}
	shown := p.name != "" // race:name
	wg.Wait()
	fmt.Println("shown:", shown || p.name != "")
}
