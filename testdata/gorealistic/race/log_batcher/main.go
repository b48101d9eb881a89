// Command log_batcher: three workers log lines into a batching logger whose buffer is guarded by a mutex, and a flusher goroutine driven by a ticker hands the batch to a checksumming shipper; Flush takes the batch under the lock but keeps its backing array for the next batch (buf = buf[:0]) and ships it after the Unlock, so a worker's next line overwrites bytes the shipper is still reading: it races in the schedules in which a worker logs after a flush that took lines (the final flush, after the workers are done, cannot).
package main

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// shipper sends batches to the log service, with a running checksum.
type shipper struct {
	w       io.Writer
	sum     uint32
	batches int
}

func (s *shipper) Write(p []byte) (int, error) {
	for _, c := range p { // race:reuse
		s.sum = (s.sum ^ uint32(c)) * 16777619
	}
	s.batches++
	return s.w.Write(p)
}

// logger batches lines in memory until Flush.
type logger struct {
	mu      sync.Mutex
	buf     []byte
	lines   int
	flushed int
	out     io.Writer
}

// Logf appends one line to the batch.
func (l *logger) Logf(format string, args ...any) {
	line := fmt.Sprintf(format+"\n", args...)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, line...) // race:reuse
	l.lines++
}

// Flush ships the current batch.
func (l *logger) Flush() error {
	l.mu.Lock()
	batch := l.buf
	l.buf = l.buf[:0]
	l.flushed += len(batch)
	l.mu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	_, err := l.out.Write(batch)
	return err
}

func main() {
	sh := &shipper{w: io.Discard, sum: 2166136261}
	l := &logger{buf: make([]byte, 0, 4096), out: sh}

	done := make(chan struct{})
	flusherDone := make(chan struct{})
	go func() {
		defer close(flusherDone)
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				if err := l.Flush(); err != nil {
					fmt.Println("flush:", err)
				}
			case <-done:
				return
			}
		}
	}()

	var wg sync.WaitGroup
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 12 {
				l.Logf("worker=%d req=%03d status=%d", w, i, 200+(i%3)*100)
				if i%4 == 3 {
					time.Sleep(time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	close(done)
	<-flusherDone
	if err := l.Flush(); err != nil {
		fmt.Println("flush:", err)
	}

	fmt.Printf("%d lines, %d bytes shipped\n", l.lines, l.flushed)
}
