// Command bounded_queue: a bounded queue built on sync.Cond (notEmpty, notFull, one mutex) connects two producers of checksum jobs to two consumers; Pop counts the items it handed out in a field it updates after Unlock, so two consumers' increments race whenever one consumer's section falls between the other's Unlock and its next Lock (a schedule in which one consumer takes every item has no race; the usual ones do).
package main

import (
	"fmt"
	"hash/crc32"
	"strconv"
	"sync"
)

// queue is a bounded FIFO queue safe for several producers and consumers.
type queue struct {
	mu       sync.Mutex
	notEmpty *sync.Cond
	notFull  *sync.Cond
	items    []string
	cap      int
	closed   bool
	popped   int // items handed out
}

func newQueue(capacity int) *queue {
	q := &queue{cap: capacity}
	q.notEmpty = sync.NewCond(&q.mu)
	q.notFull = sync.NewCond(&q.mu)
	return q
}

// Push appends s, waiting while the queue is full.
func (q *queue) Push(s string) {
	q.mu.Lock()
	for len(q.items) == q.cap {
		q.notFull.Wait()
	}
	q.items = append(q.items, s)
	q.notEmpty.Signal()
	q.mu.Unlock()
}

// Close wakes the consumers; Pop returns false once the queue is empty.
func (q *queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.notEmpty.Broadcast()
	q.mu.Unlock()
}

// Pop removes the oldest item, waiting while the queue is empty and open.
func (q *queue) Pop() (string, bool) {
	q.mu.Lock()
	for len(q.items) == 0 && !q.closed {
		q.notEmpty.Wait()
	}
	if len(q.items) == 0 {
		q.mu.Unlock()
		return "", false
	}
	s := q.items[0]
	q.items = q.items[1:]
	q.notFull.Signal()
	q.mu.Unlock()
	q.popped++ // race:popped
	return s, true
}

func main() {
	q := newQueue(2)
	var producers, consumers sync.WaitGroup
	for p := range 2 {
		producers.Add(1)
		go func() {
			defer producers.Done()
			for i := range 5 {
				q.Push("job-" + strconv.Itoa(p) + "-" + strconv.Itoa(i))
			}
		}()
	}
	sums := make([]uint32, 2)
	counts := make([]int, 2)
	for c := range 2 {
		consumers.Add(1)
		go func() {
			defer consumers.Done()
			for {
				s, ok := q.Pop()
				if !ok {
					return
				}
				sums[c] ^= crc32.ChecksumIEEE([]byte(s))
				counts[c]++
			}
		}()
	}
	producers.Wait()
	q.Close()
	consumers.Wait()

	fmt.Printf("jobs: %d\n", counts[0]+counts[1])
	fmt.Printf("checksum: %08x\n", sums[0]^sums[1])
	if q.popped <= counts[0]+counts[1] {
		fmt.Println("queue drained")
	}
}
