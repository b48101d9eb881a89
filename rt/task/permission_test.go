package task

import (
	"runtime"
	"strings"
	"testing"
)

// TestPermissionUse runs correct uses of the permission API in every build:
// each must return without panicking, in the root task and in spawned
// tasks, and leave the program's results as they would be without it.
func TestPermissionUse(t *testing.T) {
	tests := []struct {
		name string
		body func(t *T, x *int, s []int)
	}{
		{"read", func(t *T, x *int, s []int) {
			AcquireR(t, x)
			_ = *x
			ReleaseR(t, x)
		}},
		{"write", func(t *T, x *int, s []int) {
			AcquireW(t, x)
			*x++
			ReleaseW(t, x)
		}},
		{"nested and upgraded", func(t *T, x *int, s []int) {
			AcquireR(t, x)
			AcquireR(t, x)
			AcquireW(t, x)
			*x++
			ReleaseW(t, x)
			ReleaseR(t, x)
			ReleaseR(t, x)
		}},
		{"ranges", func(t *T, x *int, s []int) {
			AcquireRangeR(t, s, 0, len(s))
			AcquireRangeW(t, s, 1, 3)
			s[1] = s[0] + s[3]
			ReleaseRangeW(t, s, 1, 3)
			ReleaseRangeR(t, s, 0, len(s))
		}},
		{"empty range at the end", func(t *T, x *int, s []int) {
			AcquireRangeW(t, s, len(s), len(s))
			ReleaseRangeW(t, s, len(s), len(s))
		}},
		{"empty range of a nil slice", func(t *T, x *int, s []int) {
			AcquireRangeR(t, []int(nil), 0, 0)
			ReleaseRangeR(t, []int(nil), 0, 0)
		}},
		{"disjoint elements in parallel", func(t *T, x *int, s []int) {
			t.ForAll(0, len(s), func(t *T, i int) {
				AcquireRangeW(t, s, i, i+1)
				s[i] *= 2
				ReleaseRangeW(t, s, i, i+1)
			})
		}},
		{"readers in parallel", func(t *T, x *int, s []int) {
			t.ForAll(0, 4, func(t *T, i int) {
				AcquireR(t, x)
				s[i] = *x
				ReleaseR(t, x)
			})
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			x, s := 5, []int{1, 2, 3, 4}
			Run(func(tt *T) { tc.body(tt, &x, s) })
			if x < 5 || x > 6 {
				t.Errorf("x = %d after the body, want 5 or 6", x)
			}
		})
	}
}

// TestPermissionBounds checks that every build panics at once on a nil
// pointer or a range outside the slice, with Go's own runtime error, and
// that the panic reaches Run.
func TestPermissionBounds(t *testing.T) {
	s := make([]int, 4, 8)
	tests := []struct {
		name string
		call func(t *T)
		want string
	}{
		{"AcquireR nil", func(t *T) { AcquireR(t, (*int)(nil)) }, "nil pointer"},
		{"ReleaseR nil", func(t *T) { ReleaseR(t, (*int)(nil)) }, "nil pointer"},
		{"AcquireW nil", func(t *T) { AcquireW(t, (*int)(nil)) }, "nil pointer"},
		{"ReleaseW nil", func(t *T) { ReleaseW(t, (*int)(nil)) }, "nil pointer"},
		{"AcquireRangeR past len", func(t *T) { AcquireRangeR(t, s, 0, 5) }, "out of range"},
		{"ReleaseRangeR reversed", func(t *T) { ReleaseRangeR(t, s, 3, 2) }, "out of range"},
		{"AcquireRangeW negative", func(t *T) { AcquireRangeW(t, s, -1, 2) }, "out of range"},
		{"ReleaseRangeW past len", func(t *T) { ReleaseRangeW(t, s, 4, 6) }, "out of range"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := catch(func() { Run(tc.call) })
			pe, ok := v.(*PanicError)
			if !ok {
				t.Fatalf("Run panicked with %v (%T), want a *PanicError", v, v)
			}
			re, ok := pe.Value.(runtime.Error)
			if !ok || !strings.Contains(re.Error(), tc.want) {
				t.Errorf("panic value %v, want a runtime error about %q", pe.Value, tc.want)
			}
		})
	}
}
