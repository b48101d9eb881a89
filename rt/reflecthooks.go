package rt

import (
	"reflect"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
)

// Accesses made through package reflect. Rewritten code calls these hooks
// just before a reflect.Value method that reads or writes the memory the
// Value refers to (Int, String, Set, SetInt, ...) and before reflect.Copy,
// so that they race with the program's plain accesses of that memory, as
// they do under Go's race detector (which instruments package reflect and
// runtime.typedmemmove). A Value that is not addressable holds its own
// copy, which no other goroutine reaches: no access is recorded for it.

// ReflectRead records a read of the memory that v refers to.
func ReflectRead(v reflect.Value, site uint32) { reflectAccess(v, false, site) }

// ReflectWrite records a write of the memory that v refers to.
func ReflectWrite(v reflect.Value, site uint32) { reflectAccess(v, true, site) }

func reflectAccess(v reflect.Value, write bool, site uint32) {
	if !v.IsValid() || !v.CanAddr() {
		return
	}
	if size := v.Type().Size(); size > 0 {
		checker.Access(unsafe.Pointer(v.UnsafeAddr()), size, write, site)
	}
}

// ReflectCopyDst records the write of reflect.Copy(dst, src) into dst: as
// many elements as the shorter of the two has.
func ReflectCopyDst(dst, src reflect.Value, site uint32) { reflectRange(dst, src, true, site) }

// ReflectCopySrc records the read of reflect.Copy(dst, src) from src.
func ReflectCopySrc(dst, src reflect.Value, site uint32) { reflectRange(src, dst, false, site) }

// reflectRange records an access of the first min(v.Len(), other.Len())
// elements of the slice or addressable array v. A string (never written)
// and anything reflect.Copy would reject are left alone.
func reflectRange(v, other reflect.Value, write bool, site uint32) {
	if !v.IsValid() || !other.IsValid() {
		return
	}
	var p unsafe.Pointer
	switch v.Kind() {
	case reflect.Slice:
		p = v.UnsafePointer()
	case reflect.Array:
		if !v.CanAddr() {
			return
		}
		p = unsafe.Pointer(v.UnsafeAddr())
	default:
		return
	}
	switch other.Kind() {
	case reflect.Slice, reflect.Array, reflect.String:
	default:
		return
	}
	n := min(v.Len(), other.Len())
	size := uintptr(n) * v.Type().Elem().Size()
	if p != nil && size > 0 {
		checker.Access(p, size, write, site)
	}
}
