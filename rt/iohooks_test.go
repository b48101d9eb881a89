package rt

import (
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
)

// brokenReader returns n whatever it was given.
type brokenReader struct{ n int }

func (b brokenReader) Read(p []byte) (int, error)            { return b.n, nil }
func (b brokenReader) ReadAt(p []byte, _ int64) (int, error) { return b.n, nil }

// TestFillReadClamps checks that a Reader returning an n outside 0..len(p)
// makes the hooks record a write within p, without panicking, and that
// the call's results pass through unchanged.
func TestFillReadClamps(t *testing.T) {
	p := make([]byte, 4)
	for _, n := range []int{-3, 0, 2, 4, 9} {
		r := brokenReader{n}
		if got, err := FillRead(r.Read, p, 0); got != n || err != nil {
			t.Errorf("FillRead with n=%d returned %d, %v", n, got, err)
		}
		if got, err := FillReadAt(r.ReadAt, p, 1, 0); got != n || err != nil {
			t.Errorf("FillReadAt with n=%d returned %d, %v", n, got, err)
		}
	}
	for _, tt := range []struct{ n, size, want int }{{-3, 4, 0}, {2, 4, 2}, {9, 4, 4}, {0, 0, 0}} {
		if got := clampN(tt.n, tt.size); got != tt.want {
			t.Errorf("clampN(%d, %d) = %d, want %d", tt.n, tt.size, got, tt.want)
		}
	}
}

// TestReadHooksResults checks that the io hooks return what the functions
// they replace return.
func TestReadHooksResults(t *testing.T) {
	p := make([]byte, 4)
	n, err := ReadFull(strings.NewReader("ab"), p, 0)
	if n != 2 || !errors.Is(err, io.ErrUnexpectedEOF) || string(p[:n]) != "ab" {
		t.Errorf("ReadFull = %d, %v, %q", n, err, p[:n])
	}
	n, err = ReadAtLeast(strings.NewReader("abcdef"), p, 3, 0)
	if n != 4 || err != nil || string(p) != "abcd" {
		t.Errorf("ReadAtLeast = %d, %v, %q", n, err, p)
	}
}

// TestPoolHooks checks that PoolPut and PoolGet behave as Put and Get
// outside a checked run.
func TestPoolHooks(t *testing.T) {
	x := new(int)
	var p sync.Pool
	if got := PoolGet(&p, 0); got != nil {
		t.Errorf("Get of an empty pool without New = %v", got)
	}
	p.New = func() any { return "new" }
	PoolPut(&p, x, 0)
	// A pool may drop what it holds; what it returns is x or New's.
	if got := PoolGet(&p, 0); got != any(x) && got != "new" {
		t.Errorf("Get = %v, want %p or new", got, x)
	}
}
