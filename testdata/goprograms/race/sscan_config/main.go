// Command sscan_config: a goroutine parses a port and a retry count with fmt.Sscan from a line whose count is malformed, while main sets a default port without waiting for it: Sscan stores the port it parsed, so the two writes of the port race (the retry count, which Sscan never stores, does not).
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
		parsed, _ = fmt.Sscan("8080 three", &cfg.Port, &cfg.Retries) // race:port
	})
	cfg.Port = 80 // race:port
	cfg.Retries = 3
	wg.Wait()
	fmt.Println(parsed, cfg.Retries)
}
