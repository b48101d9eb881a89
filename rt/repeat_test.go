package rt

import (
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/shadow"
)

// TestRepeatIsShadowRepeat checks that Repeat, the inline copy of the
// test of shadow.Repeat that rewritten code calls, answers as
// shadow.Repeat does, for reads of 1 to 16 bytes at every offset of two
// neighbouring pages (the two slots of shadow.Repeated), with the copies
// matching, stale (their step no longer live), and off.
func TestRepeatIsShadowRepeat(t *testing.T) {
	saved := shadow.Repeated
	defer func() { shadow.Repeated = saved }()

	const page = 1 << shadow.PageShift
	buf := make([]byte, 3*page)
	first := (page - uintptr(unsafe.Pointer(&buf[0]))%page) % page // the first byte of a page
	base := uintptr(unsafe.Pointer(&buf[first]))
	var masks [2][1 << (shadow.PageShift - 6)]uint64
	for i := range masks {
		for j := range masks[i] {
			masks[i][j] = uint64(0x0123456789abcdef*uint64(j+1)) ^ uint64(i)<<17 | 0xff<<(8*(j%8))
		}
	}
	live := uint32(7)
	arm := func(step uint32) {
		for i := range 2 {
			pn := base/page + uintptr(i)
			shadow.Repeated[pn&1] = shadow.RepeatFilter{PN: pn, Step: step, Live: &live, M: &masks[i]}
		}
	}
	cases := []struct {
		name string
		set  func()
		hits bool // whether some read must be a repeat
	}{
		{"armed", func() { arm(7) }, true},
		{"step no longer live", func() { arm(6) }, false},
		{"off", shadow.RepeatOff, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.set()
			hits := 0
			for off := uintptr(0); off < 2*page; off++ {
				p := unsafe.Pointer(&buf[first+off])
				check := func(got bool, size uintptr) {
					t.Helper()
					want := shadow.Repeat(uintptr(p), size)
					if got != want {
						t.Fatalf("read of %d bytes at page offset %#x: Repeat says %v, shadow.Repeat %v", size, off, got, want)
					}
					if got {
						hits++
					}
				}
				check(Repeat((*uint8)(p)), 1)
				check(Repeat((*[3]byte)(p)), 3)
				if off+16 <= 2*page {
					check(Repeat((*uint16)(p)), 2)
					check(Repeat((*uint32)(p)), 4)
					check(Repeat((*uint64)(p)), 8)
					check(Repeat((*[16]byte)(p)), 16)
				}
			}
			if (hits > 0) != c.hits {
				t.Errorf("%d reads were repeats", hits)
			}
		})
	}
}
