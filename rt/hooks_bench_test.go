package rt

import (
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
	"github.com/tpinstr/tpinstr/rt/internal/event"
)

// The benchmarks of this file measure the hook paths of a checked run by
// calling the events that the checked build of rt/task reports, the way a
// rewritten program would.

func benchRun(b *testing.B, body func()) {
	b.Helper()
	root := checker.RunBegin()
	defer checker.RunEnd(root)
	body()
}

// BenchmarkWriteSameTask: a write of a location last written by the same
// task (the fast path of every hook in straight-line code).
func BenchmarkWriteSameTask(b *testing.B) {
	benchRun(b, func() {
		var x int
		for b.Loop() {
			Write(&x, 1)
		}
	})
}

// BenchmarkReadSameTask: a read of a location last read by the same task.
func BenchmarkReadSameTask(b *testing.B) {
	benchRun(b, func() {
		var x int
		for b.Loop() {
			Read(&x, 1)
		}
	})
}

// BenchmarkReadTable: reads of a 1 KiB lookup table at indices that
// change with every read, all read by the task already, through Read
// alone.
func BenchmarkReadTable(b *testing.B) { benchReadTable(b, false) }

// BenchmarkReadTableRewritten: BenchmarkReadTable's reads as rewritten
// code makes them, behind Repeat, which is inlined.
func BenchmarkReadTableRewritten(b *testing.B) { benchReadTable(b, true) }

func benchReadTable(b *testing.B, rewritten bool) {
	benchRun(b, func() {
		var tab [256]uint32
		for i := range tab {
			Read(&tab[i], 1)
		}
		i := uint8(0)
		for b.Loop() {
			i = i*13 + 7
			if !rewritten || !Repeat(&tab[i]) {
				Read(&tab[i], 1)
			}
		}
	})
}

// BenchmarkReadParallelReader: a read of a location whose recorded reader
// is a parallel task, so every read asks the reachability graph.
func BenchmarkReadParallelReader(b *testing.B) {
	benchRun(b, func() {
		var x int
		c := checker.Spawn(false)
		Read(&x, 1)
		checker.TaskEnd(c)
		for b.Loop() {
			Read(&x, 2)
		}
	})
}

// BenchmarkWriteAfterJoin: a write of a location last written by a task that
// has been joined by a finish: the write asks the reachability graph once
// and takes over the location.
func BenchmarkWriteAfterJoin(b *testing.B) {
	benchRun(b, func() {
		xs := make([]int, b.N)
		checker.FinishBegin()
		c := checker.Spawn(false)
		for i := range xs {
			Write(&xs[i], 1)
		}
		checker.TaskEnd(c)
		checker.FinishEnd()
		b.ResetTimer()
		for i := range xs {
			Write(&xs[i], 2)
		}
	})
}

// BenchmarkWriteSlice: a write hook over a 1 KiB slice, per byte.
func BenchmarkWriteSlice(b *testing.B) {
	benchRun(b, func() {
		s := make([]byte, 1024)
		b.SetBytes(int64(len(s)))
		for b.Loop() {
			WriteSlice(s, 1)
		}
	})
}

// BenchmarkSpawn: spawning and ending an empty async task.
func BenchmarkSpawn(b *testing.B) {
	benchRun(b, func() {
		checker.FinishBegin()
		for b.Loop() {
			checker.TaskEnd(checker.Spawn(false))
		}
		checker.FinishEnd()
	})
}

// BenchmarkGet: a Get by the root task of a future it created (a tree join).
func BenchmarkGet(b *testing.B) {
	benchRun(b, func() {
		fs := make([]event.Task, b.N)
		for i := range fs {
			fs[i] = checker.Spawn(true)
			checker.TaskEnd(fs[i])
		}
		n := checker.Generation()
		b.ResetTimer()
		for _, f := range fs {
			checker.Get(f, n)
		}
	})
}
