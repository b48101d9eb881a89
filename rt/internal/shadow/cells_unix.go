//go:build unix

package shadow

import "syscall"

// mapChunk returns n bytes of zeroed memory mapped from the system, outside
// the Go heap.
func mapChunk(n int) []byte {
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		// As the runtime does when the system refuses memory.
		panic("tpinstr: cannot map shadow memory: " + err.Error())
	}
	adviseHuge(b)
	return b
}

// unmapChunk returns a chunk of mapChunk to the system.
func unmapChunk(b []byte) { _ = syscall.Munmap(b) }
