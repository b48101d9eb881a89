// Command futures_loop_buffer: a checksum pipeline reads blocks into one reused buffer and starts a future per block that hashes the buffer; the next iteration refills the buffer while earlier futures may still read it, so the refill races with the hashing.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

const blockSize = 32

type source struct {
	data []byte
	off  int
}

// read fills buf with the next block and returns how many bytes it copied.
func (s *source) read(buf []byte) int {
	n := copy(buf, s.data[s.off:]) // race:a
	s.off += n
	return n
}

// hashBlock checksums a block (FNV-1a).
func hashBlock(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b { // race:a
		h ^= uint32(c)
		h *= 16777619
	}
	return h
}

// checksums hashes every block of src in parallel futures.
func checksums(t *task.T, src *source) []uint32 {
	buf := make([]byte, blockSize)
	var futures []*task.Future[uint32]
	for {
		n := src.read(buf)
		if n == 0 {
			break
		}
		block := buf[:n]
		futures = append(futures, task.NewFuture(t, func(t *task.T) uint32 {
			return hashBlock(block)
		}))
	}
	sums := make([]uint32, len(futures))
	for i, f := range futures {
		sums[i] = f.Get()
	}
	return sums
}

// sequential hashes the blocks one after the other, for comparison.
func sequential(data []byte) []uint32 {
	var sums []uint32
	for off := 0; off < len(data); off += blockSize {
		end := min(off+blockSize, len(data))
		sums = append(sums, hashBlock(data[off:end]))
	}
	return sums
}

func payload(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('a' + i%26)
	}
	return b
}

func main() {
	data := payload(200)
	var got []uint32
	task.Run(func(t *task.T) {
		got = checksums(t, &source{data: data})
	})
	want := sequential(data)
	same := len(got) == len(want)
	for i := range got {
		if i < len(want) && got[i] != want[i] {
			same = false
		}
	}
	fmt.Println("blocks", len(got), "match", same)
	for i, s := range got {
		fmt.Printf("block %d %08x\n", i, s)
	}
}
