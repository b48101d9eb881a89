// Command lutcipher is a lookup-table cipher kernel: a 16-round Feistel
// cipher whose round function reads its key schedule and S-box through
// pointers to arrays, 98 table reads per 8-byte block (package
// internal/lut). It encrypts a random text, decrypts it, and checks that
// the result is the text.
//
//	lutcipher [-n 32768] [-grain 64]
//
// Each phase is a Finish with one Async per chunk of -grain blocks; every
// task reads the same key and S-box, which no task writes.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/lut"
)

func main() {
	fs := flag.NewFlagSet("lutcipher", flag.ExitOnError)
	n := fs.Int("n", 1<<15, "text size in blocks of 8 bytes")
	grain := fs.Int("grain", 64, "blocks per task")
	seed := fs.Uint64("seed", 20161, "seed of the text, key and S-box")
	fs.Parse(os.Args[1:])
	if *n < 1 || *grain < 1 {
		fmt.Fprintln(os.Stderr, "lutcipher: -n and -grain must be at least 1")
		os.Exit(2)
	}

	w := lut.NewWorkload(*n, *seed)
	task.Run(func(t *task.T) {
		phase := func(dst, src []uint64, decrypt bool) {
			t.Finish(func(t *task.T) {
				for c := range w.Chunks(*grain) {
					lo, hi := w.Chunk(c, *grain)
					t.Async(func(*task.T) { lut.Crypt(&w.Key, &w.Box, dst[lo:hi], src[lo:hi], decrypt) })
				}
			})
		}
		phase(w.Cipher, w.Plain, false)
		phase(w.Back, w.Cipher, true)
	})
	check.Done("lutcipher", w.Check(), "%s", w.Summary())
}
