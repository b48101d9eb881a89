package goexec

import (
	"maps"
	"testing"
	"unsafe"
)

// TestSyncVars checks the edges of sync.Pool and of file I/O (syncvar.go):
// a Put orders what came before it before the Get that returns its
// object, and nothing after it; a Get of a new object acquires nothing,
// and a Get that could return an object is a choice whose other case (a
// new object) the exploration runs; a file write orders what came before
// it before a later file read of another goroutine, and the run then
// notes that it checked this schedule only. races are the depth-first
// run's, explored those of every schedule when the run is explorable.
func TestSyncVars(t *testing.T) {
	var pool, obj [8]byte
	put := func(e *Exec, o unsafe.Pointer) { e.PoolPut(unsafe.Pointer(&pool), o, 0) }
	get := func(e *Exec) { e.PoolGet(unsafe.Pointer(&pool), func() any { return nil }, 0) }
	tests := []struct {
		name     string
		body     func(e *Exec, h *testHost)
		races    [][2]uint32
		explored [][2]uint32
		choice   bool
	}{
		{name: "pool put before get", body: func(e *Exec, h *testHost) {
			var x int
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 1)
				put(e, unsafe.Pointer(&obj))
			}, 0)
			get(e)
			h.access(unsafe.Pointer(&x), 8, true, 2)
		}, explored: [][2]uint32{{1, 2}}},
		{name: "pool write after put", body: func(e *Exec, h *testHost) {
			var x int
			e.Go(func() {
				put(e, unsafe.Pointer(&obj))
				h.access(unsafe.Pointer(&x), 8, true, 1)
			}, 0)
			get(e)
			h.access(unsafe.Pointer(&x), 8, true, 2)
		}, races: [][2]uint32{{1, 2}}, explored: [][2]uint32{{1, 2}}},
		{name: "pool put of nil", body: func(e *Exec, h *testHost) {
			var x int
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 1)
				put(e, nil)
			}, 0)
			get(e)
			h.access(unsafe.Pointer(&x), 8, true, 2)
		}, races: [][2]uint32{{1, 2}}, explored: [][2]uint32{{1, 2}}},
		{name: "pool get of an older object", body: func(e *Exec, h *testHost) {
			var a, b [8]byte
			e.Go(func() {
				put(e, unsafe.Pointer(&a))
				put(e, unsafe.Pointer(&b))
				h.access(unsafe.Pointer(&a), 8, true, 1)
			}, 0)
			x := e.PoolGet(unsafe.Pointer(&pool), func() any { return nil }, 0)
			if o, ok := x.(unsafe.Pointer); ok {
				h.access(o, 8, true, 2)
			}
		}, explored: [][2]uint32{{1, 2}}},
		{name: "pool of one goroutine", body: func(e *Exec, h *testHost) {
			var x int
			done := make(chan bool, 1)
			e.Go(func() {
				put(e, unsafe.Pointer(&obj))
				get(e)
				h.access(unsafe.Pointer(&x), 8, true, 1)
				send(e, done, true, 0)
			}, 0)
			recv(e, done, 0)
			h.access(unsafe.Pointer(&x), 8, true, 2)
		}},
		{name: "file write before read", body: func(e *Exec, h *testHost) {
			var x int
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 1)
				e.IOWrite("a file write", 0)
			}, 0)
			e.IORead("a file read", 5)
			h.access(unsafe.Pointer(&x), 8, false, 2)
		}, choice: true},
		{name: "write after file write", body: func(e *Exec, h *testHost) {
			var x int
			e.Go(func() {
				e.IOWrite("a file write", 0)
				h.access(unsafe.Pointer(&x), 8, true, 1)
			}, 0)
			e.IORead("a file read", 5)
			h.access(unsafe.Pointer(&x), 8, false, 2)
		}, races: [][2]uint32{{1, 2}}, choice: true},
		{name: "file read before write", body: func(e *Exec, h *testHost) {
			var x int
			done := make(chan bool, 1)
			e.IORead("a file read", 5)
			e.Go(func() {
				h.access(unsafe.Pointer(&x), 8, true, 1)
				e.IOWrite("a file write", 6)
				send(e, done, true, 0)
			}, 0)
			recv(e, done, 0)
			h.access(unsafe.Pointer(&x), 8, false, 2)
		}, choice: true},
		{name: "file io of one goroutine", body: func(e *Exec, h *testHost) {
			var x int
			done := make(chan bool, 1)
			e.Go(func() {
				e.IOWrite("a file write", 0)
				e.IORead("a file read", 0)
				h.access(unsafe.Pointer(&x), 8, true, 1)
				send(e, done, true, 0)
			}, 0)
			recv(e, done, 0)
			h.access(unsafe.Pointer(&x), 8, false, 2)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			races, c, dead := run(t, tt.body)
			if dead != nil {
				t.Fatalf("deadlock: %v", dead)
			}
			want := map[[2]uint32]bool{}
			for _, r := range tt.races {
				want[r] = true
			}
			if len(races) != len(want) {
				t.Errorf("races %v, want %v", races, want)
			}
			for r := range want {
				if !races[r] {
					t.Errorf("race %v not found (found %v)", r, races)
				}
			}
			if got := c != nil; got != tt.choice {
				t.Errorf("choice %v, want one: %v", c, tt.choice)
			}
			if c != nil && c.Site != 5 && c.Site != 6 {
				t.Errorf("choice at site %d, want the file operation's", c.Site)
			}
			if tt.choice {
				return // the file's choice is not explored
			}
			union, _ := explore(tt.body)
			want = map[[2]uint32]bool{}
			for _, r := range tt.explored {
				want[r] = true
			}
			if !maps.Equal(union, want) {
				t.Errorf("explored: races %v, want %v", union, want)
			}
		})
	}
}

// TestPoolExplored checks that the orders of two goroutines' operations
// on one pool are explored.
func TestPoolExplored(t *testing.T) {
	var pool [8]byte
	body := func(e *Exec, h *testHost) {
		e.Go(func() {
			e.PoolPut(unsafe.Pointer(&pool), nil, 0)
		}, 0)
		e.PoolGet(unsafe.Pointer(&pool), func() any { return nil }, 0)
	}
	if r := runSchedule(body, Schedule{}); !r.explorable {
		t.Errorf("a pool that two goroutines use is not explorable")
	}
	if _, n := explore(body); n < 2 {
		t.Errorf("%d schedules explored, want both orders", n)
	}
}

// TestDataWord checks that dataWord finds the pointer of a pointer-shaped
// value, nil for nil, and for a value Go boxes the box, which a copy of
// the interface value shares (what a Get returns is the value Put) and
// another boxing of an equal value does not.
func TestDataWord(t *testing.T) {
	x := new(int)
	if dataWord(x) != unsafe.Pointer(x) || dataWord(nil) != nil {
		t.Fatalf("dataWord(%p) = %p, dataWord(nil) = %p", x, dataWord(x), dataWord(nil))
	}
	b := []byte{1}
	v := any(b)
	w := v
	if dataWord(v) == nil || dataWord(w) != dataWord(v) || dataWord(any(b)) == dataWord(v) {
		t.Errorf("boxed slice: dataWord %p, of a copy %p, of another boxing %p", dataWord(v), dataWord(w), dataWord(any(b)))
	}
}
