// Command shard_search: four searchers scan shards (sub-slices) of a table for the one record with a given key, checking ctx.Err() every 64 records to stop early; the searcher that finds it records where and then cancels the context, a closer cancels once every searcher is done, and main polls ctx.Err() and takes a first look at the result as soon as it is non-nil. ctx.Err() returns non-nil only after receiving from the closed Done channel (context.go: "Ensure the done channel has been closed before returning a non-nil error"), so the finder's write, made before its cancel, happens before main's look: no race.
package main

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// record is one row of the table.
type record struct {
	key   uint32
	value string
}

// hit is where the key was found.
type hit struct {
	shard, index int
	value        string
}

// table builds n records with distinct pseudo-random keys.
func table(n int) []record {
	t := make([]record, n)
	x := uint32(12345)
	for i := range t {
		x = x*1664525 + 1013904223
		t[i] = record{key: x, value: fmt.Sprintf("row-%d", i)}
	}
	return t
}

// search scans shard s of the table for key and reports a hit through
// found, then cancels; it gives up when the context is done.
func search(ctx context.Context, cancel context.CancelFunc, s int, shard []record, key uint32, found *hit) {
	for i, r := range shard {
		if i%64 == 0 && ctx.Err() != nil {
			return
		}
		if r.key == key {
			*found = hit{shard: s, index: i, value: r.value}
			cancel()
			return
		}
	}
}

func main() {
	data := table(4000)
	key := data[2718].key

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var found hit
	var wg sync.WaitGroup
	const shards = 4
	size := len(data) / shards
	for s := range shards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			search(ctx, cancel, s, data[s*size:(s+1)*size], key, &found)
		}()
	}
	go func() {
		wg.Wait()
		cancel()
	}()

	for ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
	early := found.value != ""
	wg.Wait()

	fmt.Printf("key %08x: shard %d, index %d, %s\n", key, found.shard, found.index, found.value)
	fmt.Println("row:", found.shard*size+found.index)
	if early || found.value != "" {
		fmt.Println("found")
	}
}
