package checker

import (
	"testing"
	"unsafe"
)

// The functions of this file stand for the access hooks of package rt
// (which imports this package, so its tests cannot call them): each calls
// Access as the hook of the same name does.

func Read[T any](p *T, site uint32) {
	var zero T
	Access(unsafe.Pointer(p), unsafe.Sizeof(zero), false, site)
}

func Write[T any](p *T, site uint32) {
	var zero T
	Access(unsafe.Pointer(p), unsafe.Sizeof(zero), true, site)
}

func WriteSlice[E any](s []E, site uint32) {
	if len(s) == 0 {
		return
	}
	var zero E
	Access(unsafe.Pointer(unsafe.SliceData(s)), uintptr(len(s))*unsafe.Sizeof(zero), true, site)
}

// benchRun runs body inside a checked Run.
func benchRun(b *testing.B, body func()) {
	b.Helper()
	root := RunBegin()
	defer RunEnd(root)
	body()
}
