package goexec

import "testing"

// TestGoid checks the fast goroutine id against the stack trace's, on
// several goroutines.
func TestGoid(t *testing.T) {
	for range 4 {
		ch := make(chan [2]uint64)
		go func() { ch <- [2]uint64{goid(), stackGoid()} }()
		if got := <-ch; got[0] != got[1] {
			t.Fatalf("goid() = %d, the stack trace says %d", got[0], got[1])
		}
	}
	if getgIsDescriptor && goidOff == 0 {
		t.Errorf("the goroutine id was not found in the descriptor")
	}
}
