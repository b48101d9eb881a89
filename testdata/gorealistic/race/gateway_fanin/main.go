// Command gateway_fanin: three gateways forward sensor readings into one channel under a context with a timeout, two consumers select on the channel and the context and add each reading to a collector whose map is guarded by a mutex; a reading that two gateways both forward is dropped as a duplicate, but that path unlocks first and then counts the duplicate outside the lock. It races when two duplicates go to different consumers with no section of the lock between their counts (three readings are forwarded twice, and the consumers take readings in any order).
package main

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"
)

// reading is one measurement, identified by sensor and sequence number.
type reading struct {
	sensor string
	seq    int
	value  int
}

// collector keeps the readings, each once.
type collector struct {
	mu     sync.Mutex
	byKey  map[string]reading
	stored int
	dups   int
}

func (c *collector) add(r reading) {
	key := fmt.Sprintf("%s#%d", r.sensor, r.seq)
	c.mu.Lock()
	if _, ok := c.byKey[key]; ok {
		c.mu.Unlock()
		c.dups++ // race:dups
		return
	}
	c.byKey[key] = r
	c.stored++
	c.mu.Unlock()
}

// forward sends the readings of one gateway until ctx is done.
func forward(ctx context.Context, rs []reading, out chan<- reading) error {
	for _, r := range rs {
		select {
		case out <- r:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	gateways := [][]reading{
		{{"boiler", 1, 71}, {"boiler", 2, 73}, {"pump", 1, 12}, {"pump", 2, 14}},
		{{"valve", 1, 3}, {"valve", 2, 4}, {"tank", 1, 880}, {"tank", 2, 874}},
		{{"boiler", 2, 73}, {"tank", 1, 880}, {"valve", 2, 4}, {"fan", 1, 1200}},
	}

	out := make(chan reading)
	var producers sync.WaitGroup
	for _, rs := range gateways {
		producers.Add(1)
		go func() {
			defer producers.Done()
			if err := forward(ctx, rs, out); err != nil {
				fmt.Println("gateway:", err)
			}
		}()
	}
	go func() {
		producers.Wait()
		close(out)
	}()

	c := &collector{byKey: map[string]reading{}}
	var consumers sync.WaitGroup
	for range 2 {
		consumers.Add(1)
		go func() {
			defer consumers.Done()
			for {
				select {
				case r, ok := <-out:
					if !ok {
						return
					}
					c.add(r)
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	consumers.Wait()

	latest := map[string]reading{}
	for _, r := range c.byKey {
		if r.seq > latest[r.sensor].seq {
			latest[r.sensor] = r
		}
	}
	sensors := make([]string, 0, len(latest))
	for s := range latest {
		sensors = append(sensors, s)
	}
	sort.Strings(sensors)
	for _, s := range sensors {
		fmt.Printf("%-7s #%d %d\n", s, latest[s].seq, latest[s].value)
	}
	fmt.Println(c.stored, "readings stored")
	if c.dups > 0 {
		fmt.Println("duplicates dropped")
	}
}
