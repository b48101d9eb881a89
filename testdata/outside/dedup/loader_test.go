package dedup

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestLoadDeduplicates(t *testing.T) {
	release := make(chan struct{})
	var fetches atomic.Int32
	l := &Loader[string]{
		Fetch: func(key string) (string, error) {
			fetches.Add(1)
			<-release
			return strings.ToUpper(key), nil
		},
		TTL: time.Minute,
	}

	const n = 4
	var wg sync.WaitGroup
	results := make([]string, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, _, err := l.Load("user:42")
			if err != nil {
				t.Error(err)
			}
			results[i] = v
		}()
	}
	time.Sleep(10 * time.Millisecond) // let the callers pile up
	close(release)
	wg.Wait()

	for i, v := range results {
		if v != "USER:42" {
			t.Errorf("results[%d] = %q", i, v)
		}
	}
	if f := fetches.Load(); f < 1 || f > n {
		t.Errorf("%d fetches", f)
	}
	v, res, err := l.Load("user:42")
	if err != nil || v != "USER:42" || !res.Cached {
		t.Errorf("second Load = %q, %+v, %v; want a cached value", v, res, err)
	}
}

func TestLoadPanicAndError(t *testing.T) {
	boom := errors.New("boom")
	l := &Loader[int]{Fetch: func(key string) (int, error) {
		switch key {
		case "panic":
			panic("oh no")
		case "err":
			return 0, boom
		}
		return len(key), nil
	}}
	if _, _, err := l.Load("panic"); !errors.Is(err, ErrPanicked) {
		t.Errorf("Load(panic) error = %v", err)
	}
	if _, _, err := l.Load("err"); !errors.Is(err, boom) {
		t.Errorf("Load(err) error = %v", err)
	}
	if v, _, _ := l.Load("abc"); v != 3 {
		t.Errorf("Load(abc) = %d", v)
	}
	if l.Loads() != 3 {
		t.Errorf("Loads = %d", l.Loads())
	}
}
