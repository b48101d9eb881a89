package rt

import (
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// TestAllocHooks checks that Alloc and AllocSlice return what they are
// given and register it with the checker exactly when it is at least
// checker.AllocMin bytes (a slice by its capacity) without pointers.
func TestAllocHooks(t *testing.T) {
	root := checker.RunBegin()
	defer checker.RunEnd(root)
	type rec struct{ a, b [100]float64 }
	tests := []struct {
		name string
		run  func() (unsafe.Pointer, bool) // the object, and whether the hook returned it
		want bool
	}{
		{"new of a large array", func() (unsafe.Pointer, bool) {
			p := new([256]int64)
			return unsafe.Pointer(p), Alloc(p) == p
		}, true},
		{"a composite literal", func() (unsafe.Pointer, bool) {
			p := &rec{}
			return unsafe.Pointer(p), Alloc(p) == p
		}, true},
		{"a small object", func() (unsafe.Pointer, bool) {
			p := new([8]int64)
			return unsafe.Pointer(p), Alloc(p) == p
		}, false},
		{"make by its capacity", func() (unsafe.Pointer, bool) {
			s := make([]byte, 10, 4096)
			r := AllocSlice(s)
			return unsafe.Pointer(unsafe.SliceData(s)), unsafe.SliceData(r) == unsafe.SliceData(s) && len(r) == 10 && cap(r) == 4096
		}, true},
		{"make of pointers", func() (unsafe.Pointer, bool) {
			s := make([]*int, 1024)
			r := AllocSlice(s)
			return unsafe.Pointer(unsafe.SliceData(s)), len(r) == len(s)
		}, false},
		{"an empty make", func() (unsafe.Pointer, bool) {
			s := AllocSlice(make([]float64, 0))
			return unsafe.Pointer(unsafe.SliceData(s)), len(s) == 0
		}, false},
	}
	for _, tt := range tests {
		p, same := tt.run()
		if !same {
			t.Errorf("%s: the hook did not return its argument", tt.name)
		}
		if got := shadow.Owned(uintptr(p)); got != tt.want {
			t.Errorf("%s: registered %v, want %v", tt.name, got, tt.want)
		}
	}
}
