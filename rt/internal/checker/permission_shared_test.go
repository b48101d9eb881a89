package checker

import (
	"strings"
	"testing"
)

// TestPermissionStrict checks strict mode's report of shared accesses
// outside permission regions and Isolated bodies: which accesses count as
// annotated, the byte granularity of "shared", and the report of the
// first task's accesses once a second task comes.
func TestPermissionStrict(t *testing.T) {
	tests := []struct {
		name string
		body func(e *permEnv, x *int64, b *[8]byte)
		want counts
		text []string
	}{
		{"one task", func(e *permEnv, x *int64, b *[8]byte) {
			e.write(x)
			e.read(x)
			e.async(func() { e.write(new(int64)) })
		}, counts{}, nil},
		{"two tasks, no annotation", func(e *permEnv, x *int64, b *[8]byte) {
			e.write(x) // reported when the child comes
			e.finish(func() { e.async(func() { e.read(x) }) })
		}, counts{shared: 2}, []string{"Other task's read at", "Other task's write at", "tasks 1 and 2 both access this location"}},
		{"the second task annotated", func(e *permEnv, x *int64, b *[8]byte) {
			e.write(x)
			e.finish(func() { e.async(func() { e.acquireR(x); e.read(x); e.releaseR(x) }) })
		}, counts{shared: 1}, []string{"Write at", "Other task's read of the region of task.Acquire"}},
		{"both annotated", func(e *permEnv, x *int64, b *[8]byte) {
			e.acquireW(x)
			e.write(x)
			e.releaseW(x)
			e.finish(func() { e.async(func() { e.acquireR(x); e.read(x); e.releaseR(x) }) })
		}, counts{}, nil},
		{"both isolated", func(e *permEnv, x *int64, b *[8]byte) {
			e.isolated(func() { e.write(x) })
			e.finish(func() { e.async(func() { e.isolated(func() { e.read(x) }) }) })
		}, counts{}, nil},
		{"later accesses of a shared location", func(e *permEnv, x *int64, b *[8]byte) {
			e.finish(func() { e.async(func() { e.acquireW(x); e.write(x); e.releaseW(x) }) })
			e.finish(func() { e.async(func() { e.acquireW(x); e.write(x); e.releaseW(x) }) })
			e.read(x)
		}, counts{shared: 1}, nil},
		{"neighbouring bytes", func(e *permEnv, x *int64, b *[8]byte) {
			e.finish(func() {
				e.async(func() { Write(&b[0], e.nextSite()) })
				e.async(func() { Write(&b[1], e.nextSite()) })
			})
		}, counts{}, nil},
		{"once per site", func(e *permEnv, x *int64, b *[8]byte) {
			e.write(x)
			e.finish(func() {
				for range 4 {
					e.async(func() { Read(x, 5) })
				}
			})
		}, counts{shared: 2}, nil},
		{"several sites of the first task", func(e *permEnv, x *int64, b *[8]byte) {
			e.write(x)
			e.read(x)
			e.read(x)
			e.finish(func() { e.async(func() { e.acquireR(x); e.releaseR(x) }) })
		}, counts{shared: 3}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newPermEnv(t, true)
			x, b := new(int64), new([8]byte)
			e.run(func() { tc.body(e, x, b) })
			if got := e.counts(); got != tc.want {
				t.Errorf("reports %+v, want %+v; output:\n%s", got, tc.want, e.out)
			}
			for _, want := range tc.text {
				if !strings.Contains(e.out.String(), want) {
					t.Errorf("output lacks %q:\n%s", want, e.out)
				}
			}
		})
	}
}

// TestPermissionStrictPerRun checks that tasks of different Runs are not
// compared: each Run starts a new record.
func TestPermissionStrictPerRun(t *testing.T) {
	e := newPermEnv(t, true)
	x := new(int64)
	e.run(func() { e.write(x) })
	e.run(func() { e.async(func() { e.write(x) }) })
	if got := e.counts(); got != (counts{}) {
		t.Errorf("reports %+v, want none; output:\n%s", got, e.out)
	}
}
