// Command sscan_config: a goroutine parses a port and a retry count with fmt.Sscan from a line whose count is malformed, while main sets the retry count itself: Sscan stores an item only once it has parsed it and stops at the first it cannot, so it never writes the retry count, and nothing races (a checked run that recorded a write of every argument would report a race that no schedule has).
package main

import (
	"fmt"
	"sync"
)

// config is what the line configures.
type config struct {
	Port    int
	Retries int
}

func main() {
	var cfg config
	var parsed int
	var wg sync.WaitGroup
	wg.Go(func() {
		parsed, _ = fmt.Sscan("8080 three", &cfg.Port, &cfg.Retries)
	})
	cfg.Retries = 3
	wg.Wait()
	fmt.Println(parsed, cfg.Port, cfg.Retries)
}
