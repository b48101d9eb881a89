// Command goroutine is the Crypt benchmark written with plain goroutines,
// for comparison under `go build -race`: each phase starts one goroutine per
// chunk of -grain blocks and waits for them with a WaitGroup.
//
//	goroutine [-n 262144] [-grain 16]
package main

import (
	"flag"
	"fmt"
	"os"
	"sync"

	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/idea"
)

func main() {
	fs := flag.NewFlagSet("crypt", flag.ExitOnError)
	n := fs.Int("n", 1<<18, "text size in bytes")
	grain := fs.Int("grain", 16, "blocks of 8 bytes per goroutine")
	seed := fs.Uint64("seed", 136506717, "seed of the text and key")
	fs.Parse(os.Args[1:])
	if *n < 0 {
		fmt.Fprintln(os.Stderr, "crypt: -n must not be negative")
		os.Exit(2)
	}
	if *grain < 1 {
		fmt.Fprintln(os.Stderr, "crypt: -grain must be at least 1")
		os.Exit(2)
	}

	w := idea.NewWorkload(*n, *seed)
	phase := func(s *idea.Schedule, dst, src []byte) {
		var wg sync.WaitGroup
		for b := 0; b < w.Blocks(); b += *grain {
			lo, hi := w.Chunk(b, *grain)
			wg.Go(func() { idea.Crypt(s, dst[lo:hi], src[lo:hi]) })
		}
		wg.Wait()
	}
	phase(&w.Encrypt, w.Cipher, w.Plain)
	phase(&w.Decrypt, w.Back, w.Cipher)
	check.Done("crypt", w.Check(), "%s", w.Summary())
}
