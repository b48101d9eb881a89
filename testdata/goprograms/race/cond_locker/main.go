// Command cond_locker: a queue embeds a sync.Mutex and is its own sync.Cond's Locker (sync.NewCond(q)), locked as c.L.Lock(); the consumer waits on the Cond, but the producer appends outside the lock, so the append races with the consumer's check of the queue and, when the consumer locks first but after the append, with its removal.
package main

import (
	"fmt"
	"sync"
)

type queue struct {
	sync.Mutex
	items []int
	c     *sync.Cond
}

func newQueue() *queue {
	q := &queue{}
	q.c = sync.NewCond(q)
	return q
}

// put appends v and wakes the consumer; it should hold the lock.
func (q *queue) put(v int) {
	q.items = append(q.items, v) // race:items,take
	q.c.L.Lock()
	q.c.Signal()
	q.c.L.Unlock()
}

// take waits for an item and removes it.
func (q *queue) take() int {
	q.c.L.Lock()
	defer q.c.L.Unlock()
	for len(q.items) == 0 { // race:items
		q.c.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:] // race:take
	return v
}

func main() {
	q := newQueue()
	done := make(chan int)
	go func() {
		done <- q.take()
	}()
	q.put(7)
	fmt.Println(<-done)
}
