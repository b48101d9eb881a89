package checker

import (
	"bytes"
	"os"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/sites"
	"github.com/tpinstr/tpinstr/rt/options"
)

// permEnv drives the checker the way the checked task library and
// rewritten code do, for the permission tests. Every call of a permission
// function gets a return address of its own (a made-up one: sites then
// have no position), and every access a site of its own unless the test
// names one, so that reports are not merged by site.
type permEnv struct {
	st   *state
	out  *bytes.Buffer
	pc   uintptr
	site uint32
}

// newPermEnv returns a checker with fresh permission state, in strict mode
// when strict is set, whose reports go to a buffer.
func newPermEnv(t *testing.T, strict bool) *permEnv {
	t.Helper()
	st := newTestState(t)
	out := &bytes.Buffer{}
	saved := st.opts
	st.w.Out, st.perm = out, nil
	if strict {
		st.opts.Permissions = options.PermStrict
	}
	st.updateSlow()
	t.Cleanup(func() {
		st.w.Out, st.perm, st.opts = os.Stderr, nil, saved
		st.updateSlow()
		st.held, st.unconfirmed, st.needExplore = nil, nil, false
	})
	return &permEnv{st: st, out: out, site: 1 << 30}
}

func (e *permEnv) nextPC() uintptr { e.pc++; return e.pc }

func (e *permEnv) acquire(p unsafe.Pointer, size uintptr, write bool) {
	AcquirePermission("Acquire", p, size, write, e.nextPC())
}

func (e *permEnv) release(p unsafe.Pointer, size uintptr, write bool) {
	ReleasePermission("Release", p, size, write, e.nextPC())
}

func (e *permEnv) acquireW(x *int64) { e.acquire(unsafe.Pointer(x), 8, true) }
func (e *permEnv) acquireR(x *int64) { e.acquire(unsafe.Pointer(x), 8, false) }
func (e *permEnv) releaseW(x *int64) { e.release(unsafe.Pointer(x), 8, true) }
func (e *permEnv) releaseR(x *int64) { e.release(unsafe.Pointer(x), 8, false) }

func (e *permEnv) acquireRange(s []int64, lo, hi int, write bool) {
	e.acquire(unsafe.Pointer(&s[lo]), uintptr(hi-lo)*8, write)
}

func (e *permEnv) releaseRange(s []int64, lo, hi int, write bool) {
	e.release(unsafe.Pointer(&s[lo]), uintptr(hi-lo)*8, write)
}

func (e *permEnv) nextSite() uint32 { e.site++; return e.site }

func (e *permEnv) read(x *int64)  { Read(x, e.nextSite()) }
func (e *permEnv) write(x *int64) { Write(x, e.nextSite()) }

// async runs body as an async task of the current task.
func (e *permEnv) async(body func()) {
	c := Spawn(false)
	body()
	TaskEnd(c)
}

// future runs body as a future task and returns it, for get.
func (e *permEnv) future(body func()) event.Task {
	c := Spawn(true)
	body()
	TaskEnd(c)
	return c
}

func (e *permEnv) get(f event.Task) { Get(f, Generation()) }

func (e *permEnv) finish(body func()) {
	FinishBegin()
	body()
	FinishEnd()
}

func (e *permEnv) isolated(body func()) {
	IsolatedBegin()
	body()
	IsolatedEnd()
}

// run runs body as a checked Run.
func (e *permEnv) run(body func()) {
	root := RunBegin()
	body()
	RunEnd(root)
}

// counts are the reports of a test, by kind. Races held back for the
// exploration of isolated sections count as races.
type counts struct{ races, errors, shared int }

func (e *permEnv) counts() counts {
	s := e.out.String()
	return counts{
		races:  strings.Count(s, "WARNING: DETERMINACY RACE") + len(e.st.unconfirmed),
		errors: strings.Count(s, "WARNING: PERMISSION ERROR"),
		shared: strings.Count(s, "WARNING: SHARED ACCESS OUTSIDE PERMISSION REGIONS"),
	}
}

// TestPermissionRegions drives the permission events through executions
// in serial depth-first order and checks the reports of each: conflicting
// permissions of tasks that may run in parallel are races, misuse is a
// permission error, and accesses inside regions are checked through the
// region without hiding a race.
func TestPermissionRegions(t *testing.T) {
	tests := []struct {
		name string
		body func(e *permEnv, x, y *int64, s []int64)
		want counts
		text []string // in the output
	}{
		{"parallel writers", func(e *permEnv, x, y *int64, s []int64) {
			e.async(func() { e.acquireW(x); e.releaseW(x) })
			e.acquireW(x)
			e.releaseW(x)
		}, counts{races: 1}, []string{"Write of the region of task.Acquire", "Previous write of the region of task.Acquire"}},
		{"parallel readers", func(e *permEnv, x, y *int64, s []int64) {
			e.async(func() { e.acquireR(x); e.read(x); e.releaseR(x) })
			e.acquireR(x)
			e.read(x)
			e.releaseR(x)
		}, counts{}, nil},
		{"upgrade beside a parallel reader", func(e *permEnv, x, y *int64, s []int64) {
			e.async(func() { e.acquireR(x); e.releaseR(x) })
			e.acquireR(x)
			e.acquireW(x)
			e.releaseW(x)
			e.releaseR(x)
		}, counts{races: 1}, nil},
		{"writers ordered by a finish", func(e *permEnv, x, y *int64, s []int64) {
			e.finish(func() { e.async(func() { e.acquireW(x); e.write(x); e.releaseW(x) }) })
			e.acquireW(x)
			e.write(x)
			e.releaseW(x)
		}, counts{}, nil},
		{"writers ordered by a get", func(e *permEnv, x, y *int64, s []int64) {
			f := e.future(func() { e.acquireW(x); e.write(x); e.releaseW(x) })
			e.get(f)
			e.acquireW(x)
			e.releaseW(x)
		}, counts{}, nil},
		{"writer before the get", func(e *permEnv, x, y *int64, s []int64) {
			f := e.future(func() { e.acquireW(x); e.releaseW(x) })
			e.acquireW(x)
			e.releaseW(x)
			e.get(f)
		}, counts{races: 1}, nil},
		{"unannotated parallel write", func(e *permEnv, x, y *int64, s []int64) {
			e.async(func() { e.write(x) })
			e.acquireR(x)
			e.releaseR(x)
		}, counts{races: 1}, nil},
		{"accesses inside a region are checked as the region", func(e *permEnv, x, y *int64, s []int64) {
			// The writes are not recorded one by one (each would be a
			// report of its own, with its site): the region stands for
			// them.
			e.async(func() { e.read(x) })
			e.acquireW(x)
			for range 10 {
				e.write(x)
			}
			e.releaseW(x)
		}, counts{races: 1}, []string{"Write of the region of task.Acquire", "Previous read at"}},
		{"region used after a spawn", func(e *permEnv, x, y *int64, s []int64) {
			// The child runs after the acquire, so only the parent's
			// write after the spawn races with it: skipping that write
			// would hide the race.
			e.acquireW(x)
			e.write(x)
			e.async(func() { e.write(x) })
			e.write(x)
			e.releaseW(x)
		}, counts{races: 1}, []string{"Previous write at", "Write of the region of task.Acquire"}},
		{"region released after a spawn", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireW(x)
			e.async(func() { e.read(x) })
			e.releaseW(x)
		}, counts{races: 1}, nil},
		{"region used after a join", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireW(x)
			e.finish(func() { e.async(func() { e.write(y) }) })
			e.write(x)
			e.releaseW(x)
		}, counts{}, nil},
		{"region acquired beside an unjoined future", func(e *permEnv, x, y *int64, s []int64) {
			f := e.future(func() { e.write(x) })
			e.acquireW(x)
			e.get(f)
			e.write(x)
			e.releaseW(x)
		}, counts{races: 1}, nil},
		{"region acquired inside Isolated, used outside", func(e *permEnv, x, y *int64, s []int64) {
			// The child's isolated write conflicts with the parent's
			// plain write only: the region recorded inside Isolated
			// must be recorded again for the plain write.
			e.async(func() { e.isolated(func() { e.write(x) }) })
			e.isolated(func() { e.acquireW(x) })
			e.write(x)
			e.releaseW(x)
		}, counts{races: 1}, nil},
		{"disjoint ranges in parallel", func(e *permEnv, x, y *int64, s []int64) {
			e.async(func() { e.acquireRange(s, 0, 2, true); e.write(&s[1]); e.releaseRange(s, 0, 2, true) })
			e.acquireRange(s, 2, 4, true)
			e.write(&s[2])
			e.releaseRange(s, 2, 4, true)
		}, counts{}, nil},
		{"overlapping ranges in parallel", func(e *permEnv, x, y *int64, s []int64) {
			e.async(func() { e.acquireRange(s, 0, 2, true); e.releaseRange(s, 0, 2, true) })
			e.acquireRange(s, 1, 3, false)
			e.releaseRange(s, 1, 3, false)
		}, counts{races: 1}, nil},
		{"nesting", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireRange(s, 0, 4, false)
			e.acquireR(&s[1])
			e.acquireW(&s[1])
			e.write(&s[1])
			e.releaseW(&s[1])
			e.releaseR(&s[1])
			e.read(&s[3])
			e.releaseRange(s, 0, 4, false)
		}, counts{}, nil},
		{"release without acquire", func(e *permEnv, x, y *int64, s []int64) {
			e.releaseR(x)
		}, counts{errors: 1}, []string{"releases a read permission that it does not hold"}},
		{"release of the other mode", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireW(x)
			e.releaseR(x)
			e.releaseW(x)
		}, counts{errors: 1}, []string{"holds a write permission on it: release that one"}},
		{"release of part of a range", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireRange(s, 0, 4, true)
			e.releaseRange(s, 0, 2, true)
			e.releaseRange(s, 0, 4, true)
		}, counts{errors: 1}, nil},
		{"release twice", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireW(x)
			e.releaseW(x)
			e.releaseW(x)
		}, counts{errors: 1}, nil},
		{"write under a read permission", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireR(x)
			e.write(x)
			e.releaseR(x)
		}, counts{errors: 1}, []string{"Read permission of the region of task.Acquire", "writes a location that it holds a read permission on"}},
		{"write over part of a read range", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireRange(s, 1, 2, false)
			WriteSlice(s[0:2], e.nextSite())
			e.releaseRange(s, 1, 2, false)
		}, counts{errors: 1}, nil},
		{"task ends holding", func(e *permEnv, x, y *int64, s []int64) {
			e.async(func() { e.acquireW(x) })
			e.read(y)
		}, counts{errors: 1}, []string{"ended while holding this write permission"}},
		{"write region allows reads", func(e *permEnv, x, y *int64, s []int64) {
			e.acquireW(x)
			e.read(x)
			e.acquireR(x)
			e.write(x)
			e.releaseR(x)
			e.releaseW(x)
		}, counts{}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := newPermEnv(t, false)
			x, y, s := new(int64), new(int64), make([]int64, 4)
			e.run(func() { tc.body(e, x, y, s) })
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

// TestPermissionHeldAtRunEnd checks that a permission still held when its
// Run ends is reported once the checker next sees a permission event or
// an access, in the next Run.
func TestPermissionHeldAtRunEnd(t *testing.T) {
	e := newPermEnv(t, false)
	x := new(int64)
	e.run(func() { e.acquireR(x) })
	e.run(func() { e.read(x) })
	if got, want := e.counts(), (counts{errors: 1}); got != want {
		t.Errorf("reports %+v, want %+v; output:\n%s", got, want, e.out)
	}
	if n := len(e.st.perm.holds); n != 0 {
		t.Errorf("%d tasks still hold permissions after the report", n)
	}
}

// TestPermissionHoldings checks what a task holds after acquires and
// releases, and that a task that released everything is forgotten.
func TestPermissionHoldings(t *testing.T) {
	e := newPermEnv(t, false)
	x := new(int64)
	e.run(func() {
		e.acquireR(x)
		e.acquireW(x)
		h := e.st.perm.holds[Current()]
		if h == nil || len(h.regions) != 2 || h.regions[0].Write || !h.regions[1].Write {
			t.Fatalf("holding after AcquireR, AcquireW: %+v", h)
		}
		e.releaseR(x)
		if len(h.regions) != 1 || !h.regions[0].Write {
			t.Errorf("holding after ReleaseR: %+v, want the write region", h.regions)
		}
		e.releaseW(x)
		if _, ok := e.st.perm.holds[Current()]; ok {
			t.Error("a task that released every permission is still recorded as a holder")
		}
	})
	if got := e.counts(); got != (counts{}) {
		t.Errorf("reports %+v, want none; output:\n%s", got, e.out)
	}
}

// TestPermissionOncePerSite checks that a misuse repeated at one site is
// reported once.
func TestPermissionOncePerSite(t *testing.T) {
	e := newPermEnv(t, false)
	x := new(int64)
	e.run(func() {
		e.acquireR(x)
		for range 5 {
			Write(x, 7)
		}
		e.releaseR(x)
	})
	if got, want := e.counts(), (counts{errors: 1}); got != want {
		t.Errorf("reports %+v, want %+v; output:\n%s", got, want, e.out)
	}
}

// TestPermissionSite checks that a permission call is named by the
// position of its return address.
func TestPermissionSite(t *testing.T) {
	pc, file, line := callerPC()
	si := permSiteInfo("AcquireW", pc, true)
	if si.File != file || si.Line != int32(line) || si.Kind != sites.KindWrite || si.Expr != "the region of task.AcquireW" {
		t.Errorf("site %+v, want %s:%d, a write of the region of task.AcquireW", si, file, line)
	}
	if !strings.HasSuffix(si.Func, "TestPermissionSite") {
		t.Errorf("site function %q, want TestPermissionSite", si.Func)
	}
}

// callerPC returns the return address of its call and the position of the
// call.
//
//go:noinline
func callerPC() (uintptr, string, int) {
	var pcs [1]uintptr
	runtime.Callers(2, pcs[:])
	_, file, line, _ := runtime.Caller(1)
	return pcs[0], file, line
}
