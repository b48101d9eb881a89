//go:build !unix

package shadow

// mapChunk returns n bytes of zeroed memory. Without a portable way to map
// memory here, it comes from the Go heap, which keeps it while the arena
// holds it.
func mapChunk(n int) []byte { return make([]byte, n) }

// unmapChunk leaves the chunk to the garbage collector.
func unmapChunk([]byte) {}
