// Package lut is the arithmetic of the lookup-table cipher kernel: a
// 16-round Feistel cipher on 64-bit blocks whose round function reads a
// key schedule and an S-box through pointers to arrays, the way table
// ciphers (Blowfish, DES with precomputed tables, AES with T-tables) are
// usually written. Each block reads the tables 2 + 16·6 = 98 times.
//
// A Feistel network is invertible whatever its round function: decryption
// runs the rounds backwards with the same keys, which is how the kernel
// checks itself.
package lut

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"
	"math/rand/v2"
)

// Rounds is the number of Feistel rounds.
const Rounds = 16

// Keys is the length of the key schedule: two words per round and two
// whitening words.
const Keys = 2*Rounds + 2

// Schedule is an expanded key.
type Schedule [Keys]uint32

// SBox is the substitution table of the round function.
type SBox [256]uint32

// f is the round function: the half block xored with a round key, its four
// bytes through the S-box, mixed with the second round key.
func f(s *SBox, x, k1, k2 uint32) uint32 {
	y := x ^ k1
	v := (s[y>>24] + s[(y>>16)&0xff]) ^ (s[(y>>8)&0xff] + s[y&0xff])
	return bits.RotateLeft32(v^k2, 5)
}

// Encrypt enciphers block b with schedule k and S-box s.
func Encrypt(k *Schedule, s *SBox, b uint64) uint64 {
	l, r := uint32(b>>32)^k[Keys-2], uint32(b)^k[Keys-1]
	for i := 0; i < Rounds; i++ {
		l, r = r, l^f(s, r, k[2*i], k[2*i+1])
	}
	return uint64(l)<<32 | uint64(r)
}

// Decrypt inverts Encrypt.
func Decrypt(k *Schedule, s *SBox, b uint64) uint64 {
	l, r := uint32(b>>32), uint32(b)
	for i := Rounds - 1; i >= 0; i-- {
		l, r = r^f(s, l, k[2*i], k[2*i+1]), l
	}
	return uint64(l^k[Keys-2])<<32 | uint64(r^k[Keys-1])
}

// Crypt enciphers (or, with decrypt set, deciphers) every block of src into
// dst, which must be as long.
func Crypt(k *Schedule, s *SBox, dst, src []uint64, decrypt bool) {
	for i := 0; i < len(src); i++ {
		if decrypt {
			dst[i] = Decrypt(k, s, src[i])
		} else {
			dst[i] = Encrypt(k, s, src[i])
		}
	}
}

// Workload is the input and output of the kernel: a random text of blocks,
// a key and S-box, and the buffers that encryption and decryption fill.
type Workload struct {
	Key    Schedule
	Box    SBox
	Plain  []uint64 // input
	Cipher []uint64 // Plain encrypted
	Back   []uint64 // Cipher decrypted: must equal Plain
}

// NewWorkload makes n blocks of text, a key and an S-box, pseudo-random
// from seed so that every build works on the same input.
func NewWorkload(n int, seed uint64) *Workload {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	w := &Workload{Plain: make([]uint64, n), Cipher: make([]uint64, n), Back: make([]uint64, n)}
	for i := range w.Key {
		w.Key[i] = rng.Uint32()
	}
	for i := range w.Box {
		w.Box[i] = rng.Uint32()
	}
	for i := range w.Plain {
		w.Plain[i] = rng.Uint64()
	}
	return w
}

// Chunk returns the blocks [lo, hi) of chunk c of grain blocks, clipped.
func (w *Workload) Chunk(c, grain int) (lo, hi int) {
	return c * grain, min((c+1)*grain, len(w.Plain))
}

// Chunks is the number of chunks of grain blocks.
func (w *Workload) Chunks(grain int) int { return (len(w.Plain) + grain - 1) / grain }

// Check verifies that decryption restored the text and that encryption
// changed every block of it (a 64-bit block that a random permutation
// fixes is too unlikely to see).
func (w *Workload) Check() error {
	for i := range w.Plain {
		if w.Back[i] != w.Plain[i] {
			return fmt.Errorf("decrypted block %d is %#x, want %#x", i, w.Back[i], w.Plain[i])
		}
		if w.Cipher[i] == w.Plain[i] {
			return fmt.Errorf("block %d was not encrypted", i)
		}
	}
	if len(w.Plain) == 0 {
		return errors.New("no text")
	}
	return nil
}

// Summary is the result line: the size and a hash of the cipher text.
func (w *Workload) Summary() string {
	h := fnv.New64a()
	var buf bytes.Buffer
	for _, b := range w.Cipher {
		buf.Write(binary.BigEndian.AppendUint64(nil, b))
	}
	h.Write(buf.Bytes())
	return fmt.Sprintf("blocks=%d cipher-fnv64a=%016x", len(w.Plain), h.Sum64())
}
