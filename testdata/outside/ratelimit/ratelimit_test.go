package ratelimit

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestAllowConcurrent(t *testing.T) {
	b := New(1, 10)
	start := time.Unix(1700000000, 0)
	b.now = func() time.Time { return start } // frozen clock: no refill
	b.last = start

	const workers, calls = 4, 5
	var granted atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < calls; i++ {
				if b.Allow() {
					granted.Add(1)
				}
			}
		}()
	}
	wg.Wait()

	if got := granted.Load(); got != 10 {
		t.Fatalf("granted %d requests, want 10", got)
	}
	st := b.Stats()
	if st.Allowed != 10 {
		t.Errorf("Stats().Allowed = %d, want 10", st.Allowed)
	}
	if st.Rejected <= 0 || st.Rejected > workers*calls-10 {
		t.Errorf("Stats().Rejected = %d, want in (0, %d]", st.Rejected, workers*calls-10)
	}
}

func TestWait(t *testing.T) {
	b := New(200, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for i := 0; i < 6; i++ {
		if err := b.Wait(ctx, 1); err != nil {
			t.Fatalf("Wait #%d: %v", i, err)
		}
	}
	if err := b.Wait(ctx, 3); err != ErrExceedsBurst {
		t.Fatalf("Wait(3) = %v, want ErrExceedsBurst", err)
	}
}

func TestWaitCanceled(t *testing.T) {
	b := New(0.5, 1)
	if !b.Allow() {
		t.Fatal("first Allow on a full bucket failed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := b.Wait(ctx, 1); err != context.DeadlineExceeded {
		t.Fatalf("Wait = %v, want DeadlineExceeded", err)
	}
}
