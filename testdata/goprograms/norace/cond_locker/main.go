// Command cond_locker: a queue embeds a sync.Mutex and is its own sync.Cond's Locker (sync.NewCond(q)), locked as c.L.Lock(); the consumer waits on the Cond, and the producer appends holding the lock, so the append is ordered with the consumer's reads.
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

// put appends v and wakes the consumer.
func (q *queue) put(v int) {
	q.c.L.Lock()
	q.items = append(q.items, v)
	q.c.Signal()
	q.c.L.Unlock()
}

// take waits for an item and removes it.
func (q *queue) take() int {
	q.c.L.Lock()
	defer q.c.L.Unlock()
	for len(q.items) == 0 {
		q.c.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
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
