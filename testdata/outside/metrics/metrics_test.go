package metrics

import (
	"sync"
	"testing"
	"time"
)

func TestCountersConcurrent(t *testing.T) {
	r := NewRegistry()
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				r.Counter("requests").Inc()
			}
			r.Gauge("workers").Set(4)
		}()
	}
	wg.Wait()
	s := r.Publish()
	if v, _ := s.Find("requests"); v != 400 {
		t.Errorf("requests = %d, want 400", v)
	}
	if v, ok := s.Find("workers"); !ok || v != 4 {
		t.Errorf("workers = %d, %v", v, ok)
	}
}

func TestReporterAndReaders(t *testing.T) {
	r := NewRegistry()
	reqs := r.Counter("requests")
	var mu sync.Mutex
	var seen []int64
	rep := StartReporter(r, 5*time.Millisecond, func(s *Snapshot) {
		mu.Lock()
		seen = append(seen, s.Seq)
		mu.Unlock()
	})

	// A status page polls the latest snapshot while traffic comes in.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var last time.Duration
		for i := 0; i < 5; i++ {
			if s := r.Latest(); s != nil {
				last = s.Duration
			}
			time.Sleep(4 * time.Millisecond)
		}
		t.Logf("last collection took %v", last)
	}()
	for i := 0; i < 20; i++ {
		reqs.Inc()
		time.Sleep(time.Millisecond)
	}
	wg.Wait()
	rep.Stop()

	mu.Lock()
	defer mu.Unlock()
	for i := 1; i < len(seen); i++ {
		if seen[i] <= seen[i-1] {
			t.Fatalf("snapshots out of order: %v", seen)
		}
	}
	if reqs.Value() != 20 {
		t.Errorf("requests = %d", reqs.Value())
	}
}
