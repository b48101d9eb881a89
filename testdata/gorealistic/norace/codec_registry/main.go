// Command codec_registry: a registrar goroutine registers codecs in a sync.Map with LoadOrStore and announces each new name on a channel; two workers Load the announced codec, log it at debug level and encode a payload with it, and main ranges over the registry at the end. A second registration of a name bumps the stored codec's registrations counter, an atomic.Int32, so the worker that reads it while the registrar bumps it does not race: no race.
package main

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"log"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
)

// codec is a registered encoding.
type codec struct {
	name          string
	encode        func([]byte) []byte
	registrations atomic.Int32
}

// registry maps a codec name to its *codec.
var registry sync.Map

var debug = false

func debugf(format string, args ...any) {
	if debug {
		log.Printf(format, args...)
	}
}

// rle encodes runs as count,byte pairs.
func rle(p []byte) []byte {
	var out []byte
	for i := 0; i < len(p); {
		j := i
		for j < len(p) && p[j] == p[i] && j-i < 255 {
			j++
		}
		out = append(out, byte(j-i), p[i])
		i = j
	}
	return out
}

// register adds the codecs and announces each new name on ready.
func register(ready chan<- string) {
	defer close(ready)
	specs := []struct {
		name string
		fn   func([]byte) []byte
	}{
		{"identity", func(p []byte) []byte { return p }},
		{"hex", func(p []byte) []byte { return []byte(hex.EncodeToString(p)) }},
		{"hex", func(p []byte) []byte { return []byte(hex.EncodeToString(p)) }},
		{"base64", func(p []byte) []byte { return []byte(base64.StdEncoding.EncodeToString(p)) }},
		{"rle", rle},
	}
	for _, s := range specs {
		c := &codec{name: s.name, encode: s.fn}
		c.registrations.Store(1)
		if v, loaded := registry.LoadOrStore(s.name, c); loaded {
			v.(*codec).registrations.Add(1)
			continue
		}
		ready <- s.name
	}
}

func main() {
	payload := []byte("aaaaaaaabbbbbbbbbbbbccccddddddddddddddddeeeeeeee--------")

	ready := make(chan string)
	go register(ready)

	var mu sync.Mutex
	sizes := map[string]int{}
	var wg sync.WaitGroup
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for name := range ready {
				v, ok := registry.Load(name)
				if !ok {
					continue
				}
				c := v.(*codec)
				debugf("worker %d: codec %s (registered %d times)", w, c.name, c.registrations.Load())
				n := len(c.encode(payload))
				mu.Lock()
				sizes[name] = n
				mu.Unlock()
			}
		}()
	}
	wg.Wait()

	var names []string
	registry.Range(func(k, v any) bool {
		names = append(names, k.(string)+" x"+strconv.Itoa(int(v.(*codec).registrations.Load())))
		return true
	})
	sort.Strings(names)
	fmt.Println("registered:", names)
	keys := make([]string, 0, len(sizes))
	for k := range sizes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-8s %3d bytes (payload %d)\n", k, sizes[k], len(payload))
	}
}
