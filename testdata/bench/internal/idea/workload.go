package idea

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
)

// Workload is the input and output of the Crypt kernel: a random plain text
// and key, and the buffers that encryption and decryption fill.
type Workload struct {
	Encrypt, Decrypt Schedule
	Plain            []byte // input
	Cipher           []byte // Plain encrypted
	Back             []byte // Cipher decrypted: must equal Plain
}

// NewWorkload makes n bytes of text (n rounded down to whole blocks) and a
// key, both pseudo-random from seed so that every build of the kernel works
// on the same input.
func NewWorkload(n int, seed uint64) *Workload {
	n -= n % BlockSize
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var k Key
	for i := range k {
		k[i] = uint16(rng.Uint32())
	}
	w := &Workload{
		Plain:  make([]byte, n),
		Cipher: make([]byte, n),
		Back:   make([]byte, n),
	}
	for i := range w.Plain {
		w.Plain[i] = byte(rng.Uint32())
	}
	w.Encrypt = EncryptionSchedule(k)
	w.Decrypt = DecryptionSchedule(w.Encrypt)
	return w
}

// Blocks is the number of blocks of the text.
func (w *Workload) Blocks() int { return len(w.Plain) / BlockSize }

// Chunk returns the byte range [lo, hi) of the blocks [b, b+grain) of the
// text, clipped to its end.
func (w *Workload) Chunk(b, grain int) (lo, hi int) {
	return b * BlockSize, min(b+grain, w.Blocks()) * BlockSize
}

// Check verifies that decryption restored the plain text, which fails when
// a task of either phase did not run or ran on the wrong bytes, and that
// encryption changed the text at all.
func (w *Workload) Check() error {
	if !bytes.Equal(w.Back, w.Plain) {
		for i := range w.Plain {
			if w.Back[i] != w.Plain[i] {
				return fmt.Errorf("decrypted byte %d is %#x, want %#x", i, w.Back[i], w.Plain[i])
			}
		}
	}
	if len(w.Plain) > 0 && bytes.Equal(w.Cipher, w.Plain) {
		return errors.New("the cipher text equals the plain text")
	}
	return nil
}

// Summary is the result line: the size and a hash of the cipher text.
func (w *Workload) Summary() string {
	h := fnv.New64a()
	h.Write(w.Cipher)
	return fmt.Sprintf("bytes=%d cipher-fnv64a=%016x", len(w.Plain), h.Sum64())
}
