// Package batch buffers log records and writes them to a sink in batches,
// when a batch is full or when a flush interval has passed.
package batch

import (
	"errors"
	"sync"
	"time"
)

// Sink receives batches. WriteBatch must not keep recs after it returns.
type Sink interface {
	WriteBatch(recs []string) error
}

// ErrClosed is returned by Write after Close.
var ErrClosed = errors.New("batch: writer closed")

// Stats describe what a Writer has done.
type Stats struct {
	Records int
	Batches int
	Errors  int
}

// Writer batches records for a Sink. Its methods are safe for concurrent
// use.
type Writer struct {
	sink     Sink
	size     int
	interval time.Duration

	mu     sync.Mutex
	buf    []string
	closed bool

	kick chan struct{}
	done chan struct{}
	wg   sync.WaitGroup

	// stats is only touched by the flushing goroutine.
	stats Stats
}

// NewWriter starts a writer that flushes every size records or every
// interval, whichever comes first.
func NewWriter(sink Sink, size int, interval time.Duration) *Writer {
	if size < 1 {
		size = 1
	}
	w := &Writer{
		sink:     sink,
		size:     size,
		interval: interval,
		buf:      make([]string, 0, size),
		kick:     make(chan struct{}, 1),
		done:     make(chan struct{}),
	}
	w.wg.Add(1)
	go w.loop()
	return w
}

// Write queues one record.
func (w *Writer) Write(rec string) error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return ErrClosed
	}
	w.buf = append(w.buf, rec)
	full := len(w.buf) >= w.size
	w.mu.Unlock()
	if full {
		select {
		case w.kick <- struct{}{}:
		default: // a flush is already pending
		}
	}
	return nil
}

// take swaps out the buffered records.
func (w *Writer) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	recs := w.buf
	w.buf = make([]string, 0, w.size)
	return recs
}

func (w *Writer) flush() {
	recs := w.take()
	for len(recs) > 0 {
		n := min(len(recs), w.size)
		if err := w.sink.WriteBatch(recs[:n]); err != nil {
			w.stats.Errors++
		} else {
			w.stats.Batches++
			w.stats.Records += n
		}
		recs = recs[n:]
	}
}

func (w *Writer) loop() {
	defer w.wg.Done()
	t := time.NewTicker(w.interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			w.flush()
		case <-w.kick:
			w.flush()
		case <-w.done:
			w.flush()
			return
		}
	}
}

// Close flushes what is buffered, stops the writer and returns its
// statistics. Writes after Close fail.
func (w *Writer) Close() Stats {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return Stats{}
	}
	w.closed = true
	w.mu.Unlock()

	close(w.done)
	st := w.stats
	w.wg.Wait()
	return st
}
