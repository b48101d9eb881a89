package batch

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

type memSink struct {
	mu      sync.Mutex
	batches [][]string
	fail    bool
}

func (s *memSink) WriteBatch(recs []string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail {
		return errors.New("disk full")
	}
	s.batches = append(s.batches, append([]string(nil), recs...))
	return nil
}

func (s *memSink) count() (batches, records int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, b := range s.batches {
		records += len(b)
	}
	return len(s.batches), records
}

func TestFlushOnSizeAndClose(t *testing.T) {
	sink := &memSink{}
	w := NewWriter(sink, 4, time.Hour)
	var wg sync.WaitGroup
	for p := 0; p < 3; p++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 5; i++ {
				if err := w.Write(fmt.Sprintf("p%d-%d", p, i)); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	st := w.Close()
	if err := w.Write("late"); err != ErrClosed {
		t.Errorf("Write after Close = %v", err)
	}
	batches, records := sink.count()
	if records != 15 {
		t.Errorf("sink got %d records, want 15", records)
	}
	if st.Records > records || st.Batches > batches {
		t.Errorf("Close reported %+v, sink saw %d batches of %d records", st, batches, records)
	}
}

func TestFlushOnTick(t *testing.T) {
	sink := &memSink{}
	w := NewWriter(sink, 100, 10*time.Millisecond)
	defer w.Close()
	w.Write("a")
	w.Write("b")
	deadline := time.Now().Add(2 * time.Second)
	for {
		if _, n := sink.count(); n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("records were not flushed by the ticker")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
