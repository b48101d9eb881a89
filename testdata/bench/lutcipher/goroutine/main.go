// Command goroutine is the lookup-table cipher kernel written with plain
// goroutines, for comparison under `go build -race`: each phase starts one
// goroutine per chunk of -grain blocks and waits for them with a WaitGroup.
//
//	goroutine [-n 32768] [-grain 64]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/lut"
)

func main() {
	fs := flag.NewFlagSet("lutcipher", flag.ExitOnError)
	n := fs.Int("n", 1<<15, "text size in blocks of 8 bytes")
	grain := fs.Int("grain", 64, "blocks per goroutine")
	seed := fs.Uint64("seed", 20161, "seed of the text, key and S-box")
	fs.Parse(os.Args[1:])
	if *n < 1 || *grain < 1 {
		fmt.Fprintln(os.Stderr, "lutcipher: -n and -grain must be at least 1")
		os.Exit(2)
	}

	w := lut.NewWorkload(*n, *seed)
	phase := func(dst, src []uint64, decrypt bool) {
		var wg sync.WaitGroup
		for c := range w.Chunks(*grain) {
			lo, hi := w.Chunk(c, *grain)
			wg.Go(func() { lut.Crypt(&w.Key, &w.Box, dst[lo:hi], src[lo:hi], decrypt) })
		}
		wg.Wait()
	}
	phase(w.Cipher, w.Plain, false)
	phase(w.Back, w.Cipher, true)
	check.Done("lutcipher", w.Check(), "%s", w.Summary())
}
