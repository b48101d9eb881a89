// Command crypt is the Crypt benchmark of Surendran and Sarkar's futures
// paper (section 5, table 2: Crypt-af and Crypt-future), after the Java
// Grande Forum's IDEA kernel: encrypt a random text, decrypt it, and check
// that the result is the text.
//
//	crypt [-n 262144] [-grain 16] [-variant af|future]
//
// The text is cut into chunks of -grain blocks of 8 bytes, one task per
// chunk and phase (the paper uses one block per task, -grain 1). With
// -variant af each phase is a Finish of Asyncs; with -variant future each
// chunk is a future that returns the number of blocks it did, and the root
// task gets them all before the next phase (tree joins only, as in the
// paper).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/tpinstr/tpinstr/rt/task"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/check"
	"github.com/tpinstr/tpinstr/testdata/bench/internal/idea"
)

func main() {
	fs := flag.NewFlagSet("crypt", flag.ExitOnError)
	n := fs.Int("n", 1<<18, "text size in bytes (the Java Grande sizes are 3000000, 20000000, 50000000)")
	grain := fs.Int("grain", 16, "blocks of 8 bytes per task")
	seed := fs.Uint64("seed", 136506717, "seed of the text and key")
	variant := fs.String("variant", "af", "parallelization: af (async-finish) or future")
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
	var err error
	switch *variant {
	case "af":
		asyncFinish(w, *grain)
	case "future":
		err = futures(w, *grain)
	default:
		fmt.Fprintf(os.Stderr, "crypt: unknown -variant %q (want af or future)\n", *variant)
		os.Exit(2)
	}
	if err == nil {
		err = w.Check()
	}
	check.Done("crypt", err, "%s", w.Summary())
}

// asyncFinish runs each phase as a Finish with one Async per chunk.
func asyncFinish(w *idea.Workload, grain int) {
	task.Run(func(t *task.T) {
		phase := func(s *idea.Schedule, dst, src []byte) {
			t.Finish(func(t *task.T) {
				for b := 0; b < w.Blocks(); b += grain {
					lo, hi := w.Chunk(b, grain)
					t.Async(func(*task.T) { idea.Crypt(s, dst[lo:hi], src[lo:hi]) })
				}
			})
		}
		phase(&w.Encrypt, w.Cipher, w.Plain)
		phase(&w.Decrypt, w.Back, w.Cipher)
	})
}

// futures runs each phase as one future per chunk, then gets them all; the
// values must add up to the number of blocks.
func futures(w *idea.Workload, grain int) error {
	var err error
	task.Run(func(t *task.T) {
		phase := func(s *idea.Schedule, dst, src []byte) int {
			var fs []*task.Future[int]
			for b := 0; b < w.Blocks(); b += grain {
				lo, hi := w.Chunk(b, grain)
				fs = append(fs, task.NewFuture(t, func(*task.T) int {
					idea.Crypt(s, dst[lo:hi], src[lo:hi])
					return (hi - lo) / idea.BlockSize
				}))
			}
			done := 0
			for _, f := range fs {
				done += f.Get()
			}
			return done
		}
		for _, p := range []struct {
			name     string
			s        *idea.Schedule
			dst, src []byte
		}{
			{"encryption", &w.Encrypt, w.Cipher, w.Plain},
			{"decryption", &w.Decrypt, w.Back, w.Cipher},
		} {
			if done := phase(p.s, p.dst, p.src); done != w.Blocks() && err == nil {
				err = fmt.Errorf("%s futures did %d blocks, want %d", p.name, done, w.Blocks())
			}
		}
	})
	return err
}
