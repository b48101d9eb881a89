// Command batch_upload: an uploader sends files in batches, one goroutine per file and at most two at a time (a buffered channel as a semaphore, acquired before the go statement), retrying a transient failure; each goroutine writes its outcome to its own slot, and a goroutine that retried appends a line to the uploader's retry log under the uploader's mutex, so the Unlock → Lock edges order the appends and wg.Wait orders them before main reads the log: no race.
package main

import (
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"sync"
)

// errTransient is a failure worth retrying.
var errTransient = errors.New("transient failure")

// file is one file to upload.
type file struct {
	name string
	data []byte
}

// uploader sends files to a fake remote store.
type uploader struct {
	attempts []int // attempts per file, by index, written by its goroutine only
	mu       sync.Mutex
	retryLog []string // lines about retries, for -v, under mu
	flaky    map[string]int
}

// send "uploads" f and returns its checksum; the first flaky[f.name]
// attempts fail.
func (u *uploader) send(i int, f file) (uint64, error) {
	u.attempts[i]++
	if u.attempts[i] <= u.flaky[f.name] {
		return 0, fmt.Errorf("send %s: %w", f.name, errTransient)
	}
	h := fnv.New64a()
	h.Write(f.data)
	return h.Sum64(), nil
}

// upload sends f, retrying transient failures up to three times.
func (u *uploader) upload(i int, f file) (uint64, error) {
	for {
		sum, err := u.send(i, f)
		if err == nil || !errors.Is(err, errTransient) || u.attempts[i] >= 3 {
			return sum, err
		}
		u.mu.Lock()
		u.retryLog = append(u.retryLog, fmt.Sprintf("%s: attempt %d failed", f.name, u.attempts[i]))
		u.mu.Unlock()
	}
}

func main() {
	verbose := flag.Bool("v", false, "print the retry log")
	flag.Parse()

	var files []file
	for _, n := range []string{"a.csv", "b.csv", "c.json", "d.bin", "e.txt", "f.txt"} {
		files = append(files, file{name: n, data: []byte("contents of " + n)})
	}
	u := &uploader{
		attempts: make([]int, len(files)),
		flaky:    map[string]int{"a.csv": 1, "b.csv": 2, "e.txt": 1},
	}

	sums := make([]uint64, len(files))
	errs := make([]error, len(files))
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for i, f := range files {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			sums[i], errs[i] = u.upload(i, f)
		}()
	}
	wg.Wait()

	var combined uint64
	for i, f := range files {
		if errs[i] != nil {
			fmt.Println(f.name, "failed:", errs[i])
			continue
		}
		combined ^= sums[i]
		fmt.Printf("%-7s %d attempt(s)\n", f.name, u.attempts[i])
	}
	fmt.Printf("combined checksum %016x\n", combined)
	if *verbose {
		for _, l := range u.retryLog {
			fmt.Println(l)
		}
	}
}
