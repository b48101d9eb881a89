// Command recover_parse: three workers parse chunks of a key=value settings file; parseChunk turns a panic of a malformed line into its named err result with a deferred recover, and each worker stores its settings and error in its own slot. The recover handler also appends a diagnostic to a package-level slice, under the mutex that guards it, and main reads the slice after the WaitGroup's Wait: no race.
package main

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// setting is one parsed key=value line.
type setting struct {
	key string
	val int
}

// diagnostics collects a line per recovered panic, for the debug log.
var (
	diagMu      sync.Mutex
	diagnostics []string
)

// parseLine splits "key = value"; it indexes without checking, as a
// hand-written fast path does, and panics on a line with no '='.
func parseLine(line string) setting {
	i := strings.IndexByte(line, '=')
	key := strings.TrimSpace(line[:i])
	v, err := strconv.Atoi(strings.TrimSpace(line[i+1:]))
	if err != nil {
		panic(fmt.Sprintf("bad value for %s", key))
	}
	return setting{key: key, val: v}
}

// parseChunk parses lines; a panic stops the chunk and becomes err.
func parseChunk(id int, lines []string) (out []setting, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("chunk %d: %v", id, r)
			diagMu.Lock()
			diagnostics = append(diagnostics, fmt.Sprint(r))
			diagMu.Unlock()
		}
	}()
	for _, l := range lines {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		out = append(out, parseLine(l))
	}
	return out, nil
}

// slot is one worker's result.
type slot struct {
	settings []setting
	err      error
}

func main() {
	file := strings.Split(`# server
port = 8080
workers = 4
timeout = 30
# cache
cache_size = 512
cache_ttl = forever
evictions = 2
# limits
max_body = 1048576
rate
burst = 20`, "\n")

	const nWorkers = 3
	per := (len(file) + nWorkers - 1) / nWorkers
	slots := make([]slot, nWorkers)
	var wg sync.WaitGroup
	for w := range nWorkers {
		lo, hi := w*per, min((w+1)*per, len(file))
		wg.Add(1)
		go func(lines []string) {
			defer wg.Done()
			s, err := parseChunk(w, lines)
			slots[w] = slot{settings: s, err: err}
		}(file[lo:hi])
	}
	wg.Wait()

	conf := map[string]int{}
	var errs []error
	for _, s := range slots {
		for _, kv := range s.settings {
			conf[kv.key] = kv.val
		}
		if s.err != nil {
			errs = append(errs, s.err)
		}
	}
	keys := make([]string, 0, len(conf))
	for k := range conf {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Printf("%-10s %d\n", k, conf[k])
	}
	fmt.Println("errors:", errors.Join(errs...))
	if len(diagnostics) > 0 {
		fmt.Println("see debug log")
	}
}
