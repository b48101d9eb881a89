package checker

import (
	"testing"
	"unsafe"
)

// The benchmarks of this file measure the access hooks with permission
// regions in use, to compare with hooks_bench_test.go's.

// BenchmarkWriteInRegion: a write inside a write region of the writing
// task, which the region stands for (the access is not recorded).
func BenchmarkWriteInRegion(b *testing.B) {
	b.Cleanup(forgetPermissions)
	benchRun(b, func() {
		var x int
		AcquirePermission("AcquireW", unsafe.Pointer(&x), unsafe.Sizeof(x), true, 1)
		for b.Loop() {
			Write(&x, 1)
		}
		ReleasePermission("ReleaseW", unsafe.Pointer(&x), unsafe.Sizeof(x), true, 2)
	})
}

// BenchmarkWriteBesideRegion: a write outside the region that the writing
// task holds, which is checked against the region and recorded.
func BenchmarkWriteBesideRegion(b *testing.B) {
	b.Cleanup(forgetPermissions)
	benchRun(b, func() {
		var x, y int
		AcquirePermission("AcquireW", unsafe.Pointer(&y), unsafe.Sizeof(y), true, 1)
		for b.Loop() {
			Write(&x, 1)
		}
		ReleasePermission("ReleaseW", unsafe.Pointer(&y), unsafe.Sizeof(y), true, 2)
	})
}

// BenchmarkReadInRegionParallelReader: a read, inside a read region, of a
// location whose recorded reader is a parallel task; without the region,
// every such read asks the reachability graph (BenchmarkReadParallelReader).
func BenchmarkReadInRegionParallelReader(b *testing.B) {
	b.Cleanup(forgetPermissions)
	benchRun(b, func() {
		var x int
		c := Spawn(false)
		Read(&x, 1)
		TaskEnd(c)
		AcquirePermission("AcquireR", unsafe.Pointer(&x), unsafe.Sizeof(x), false, 1)
		for b.Loop() {
			Read(&x, 2)
		}
		ReleasePermission("ReleaseR", unsafe.Pointer(&x), unsafe.Sizeof(x), false, 2)
	})
}

// forgetPermissions drops the permission state that a benchmark created,
// so that the hooks of later benchmarks take their usual path.
func forgetPermissions() {
	st := global()
	st.perm = nil
	st.updateSlow()
}
