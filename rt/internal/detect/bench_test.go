package detect

import (
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// The benchmarks of this file measure the detector's access paths alone,
// without package rt's hooks: the cost per access that a checked run adds
// to a loop of the program.

// benchDetector returns a detector whose task 1 runs, and fails b at any
// race.
func benchDetector(b *testing.B) *Detector {
	d := New(func(r event.Race) { b.Fatalf("unexpected race %+v", r) })
	d.Spawn(0, 1, false, 0)
	return d
}

// BenchmarkAccessWord: reads and writes of words a task wrote before, the
// fast path of straight-line code.
func BenchmarkAccessWord(b *testing.B) {
	d := benchDetector(b)
	xs := make([]uint64, 512)
	for i := range xs {
		d.AccessPin(1, unsafe.Pointer(&xs[i]), 8, true, 1)
	}
	i := 0
	for b.Loop() {
		d.AccessPin(1, unsafe.Pointer(&xs[i%512]), 8, i&1 == 0, 2)
		i++
	}
}

// BenchmarkAccessInt32: accesses of 4-byte elements, through the
// sub-cells of split words.
func BenchmarkAccessInt32(b *testing.B) {
	d := benchDetector(b)
	xs := make([]int32, 1024)
	for i := range xs {
		d.AccessPin(1, unsafe.Pointer(&xs[i]), 4, true, 1)
	}
	i := 0
	for b.Loop() {
		d.AccessPin(1, unsafe.Pointer(&xs[i%1024]), 4, i&1 == 0, 2)
		i++
	}
}

// BenchmarkAccessProducerConsumer: a future reads what another future
// wrote and got: every access asks about a pair of tasks that the
// remembered answers of the task graph know.
func BenchmarkAccessProducerConsumer(b *testing.B) {
	d := benchDetector(b)
	xs := make([]uint64, 512)
	d.Spawn(1, 2, true, 0)
	for i := range xs {
		d.AccessPin(2, unsafe.Pointer(&xs[i]), 8, true, 1)
	}
	d.End(2)
	d.Spawn(1, 3, true, 0)
	d.Get(3, 2, 0)
	i := 0
	for b.Loop() {
		d.AccessPin(3, unsafe.Pointer(&xs[i%512]), 8, false, 2)
		i++
	}
}

// BenchmarkAccessSlice: a slice hook over 64 words.
func BenchmarkAccessSlice(b *testing.B) {
	d := benchDetector(b)
	xs := make([]uint64, 64)
	for b.Loop() {
		d.AccessPin(1, unsafe.Pointer(&xs[0]), 8*64, true, 1)
	}
}

// BenchmarkManyFutureReaders: 64 parallel futures each read the same 64
// words many times, so every location keeps a list of readers.
func BenchmarkManyFutureReaders(b *testing.B) {
	d := benchDetector(b)
	xs := make([]uint64, 64)
	for i := range xs {
		d.AccessPin(1, unsafe.Pointer(&xs[i]), 8, true, 1)
	}
	next := event.Task(2)
	i := 0
	for b.Loop() {
		if i%(64*16) == 0 {
			if next > 2 {
				d.End(next - 1)
			}
			d.Spawn(1, next, true, 0)
			next++
		}
		d.AccessPin(next-1, unsafe.Pointer(&xs[i%64]), 8, false, 2)
		i++
	}
}
