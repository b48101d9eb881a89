package shadow

import (
	"runtime"
	"unsafe"
)

// The cells of pages live outside the Go heap. They hold no pointers, so
// the garbage collector has nothing to find in them; kept in the heap they
// would count towards its pacing anyway (a run whose shadow memory is a
// few hundred megabytes would let its heap grow by as much before the next
// collection) and arrive a 4 KiB page fault at a time. Chunks mapped from
// the operating system, as large as the shadow memory grows and backed by
// huge pages where the system allows, avoid both. A page that only
// accesses of whole words have touched gets no cells at all (runs.go).

// cellBlock is the cells of one page.
type cellBlock = [wordsPerPage]Cell

const cellBlockSize = unsafe.Sizeof(cellBlock{})

// Chunk sizes: the first is small, for the many small memories of tests;
// each next one doubles, up to the largest.
const (
	firstChunk = 256 << 10
	lastChunk  = 64 << 20
)

// cellArena hands out cell blocks from chunks of memory mapped for it,
// reusing the blocks of freed pages. The chunks are unmapped when the
// Memory that owns the arena is garbage (see newCellArena).
type cellArena struct {
	free   []*cellBlock
	rest   []byte   // the unused end of the newest chunk
	chunks [][]byte // every chunk, for release
	next   int      // the size of the next chunk
}

// newCellArena returns the arena of m, which releases its chunks once m is
// unreachable: the pages of m, the only holders of its blocks, are then
// unreachable too.
func newCellArena(m *Memory) *cellArena {
	a := &cellArena{next: firstChunk}
	runtime.AddCleanup(m, (*cellArena).release, a)
	return a
}

// alloc returns a zeroed cell block.
func (a *cellArena) alloc() *cellBlock {
	if n := len(a.free); n > 0 {
		b := a.free[n-1]
		a.free = a.free[:n-1]
		*b = cellBlock{}
		return b
	}
	if uintptr(len(a.rest)) < cellBlockSize {
		a.rest = mapChunk(a.next) // zeroed by the system
		a.chunks = append(a.chunks, a.rest)
		a.next = min(2*a.next, lastChunk)
	}
	b := (*cellBlock)(unsafe.Pointer(unsafe.SliceData(a.rest)))
	a.rest = a.rest[cellBlockSize:]
	return b
}

// ensure maps the next chunk unless n blocks are ready, so that alloc
// allocates nothing on the Go heap for the next n blocks (reserve.go).
func (a *cellArena) ensure(n int) {
	if len(a.free)+len(a.rest)/int(cellBlockSize) < n {
		a.rest = mapChunk(a.next)
		a.chunks = append(a.chunks, a.rest)
		a.next = min(2*a.next, lastChunk)
	}
}

// put takes back the block of a freed page.
func (a *cellArena) put(b *cellBlock) { a.free = append(a.free, b) }

// release returns every chunk to the system.
func (a *cellArena) release() {
	for _, c := range a.chunks {
		unmapChunk(c)
	}
	*a = cellArena{}
}
