// Command plaingo exercises the rewrite of plain Go concurrency: every go
// statement, channel operation and synchronisation call gets its hook, in
// every form, and the program prints what it printed before.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

type counter struct {
	sync.Mutex
	n int
}

type guarded struct {
	mu sync.RWMutex
	m  map[string]int
}

type nested struct {
	*counter
}

type stats struct {
	atomic.Int64
}

func main() {
	goroutines()
	channels()
	selects()
	locks()
	onceCond()
	atomics()
	syncMap()
}

// syncMap uses every method of sync.Map: rt.SyncMapLoad and the others,
// a method value through a closure over its hook.
func syncMap() {
	var m sync.Map
	m.Store("a", 1)
	v, ok := m.Load("a")
	actual, loaded := m.LoadOrStore("b", 2)
	prev, had := m.Swap("a", 3)
	swapped := m.CompareAndSwap("a", 3, 4)
	deleted := m.CompareAndDelete("b", 2)
	gone, was := m.LoadAndDelete("a")
	m.Delete("none")
	store := m.Store
	store("c", 5)
	n := 0
	m.Range(func(k, v any) bool { n++; return true })
	m.Clear()
	fmt.Println("sync.Map", v, ok, actual, loaded, prev, had, swapped, deleted, gone, was, n)
}

func goroutines() {
	var wg sync.WaitGroup
	results := make([]int, 5)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * i
		}()
	}
	wg.Add(1)
	go square(&wg, results, 2)
	var c counter
	wg.Add(1)
	go c.addN(&wg, 3, 4)
	wg.Add(1)
	go variadic(&wg, results, 3, 1, 2)
	more := []int{10, 20}
	wg.Add(1)
	go variadic(&wg, more, 0, more...)
	names := make([]string, 1)
	wg.Add(1)
	go generic(&wg, names, "g")
	wg.Go(func() { c.Lock(); c.n++; c.Unlock() })
	wg.Add(1)
	go func(k int, s string) {
		defer wg.Done()
		results[k] += len(s)
	}(4, "four")
	wg.Wait()
	var hand sync.Mutex
	hand.Lock()
	go hand.Unlock()
	hand.Lock()
	hand.Unlock()
	closed := make(chan int)
	go close(closed)
	_, ok := <-closed
	fmt.Println("goroutines", results, more, names, c.n, ok)
}

func square(wg *sync.WaitGroup, r []int, i int) { defer wg.Done(); r[i] = i * i }

func (c *counter) addN(wg *sync.WaitGroup, k, times int) int {
	defer wg.Done()
	for range times {
		c.Lock()
		c.n += k
		c.Unlock()
	}
	c.Lock(); defer c.Unlock(); return c.n // under the lock: goroutines of wg.Go write c.n
}

func variadic(wg *sync.WaitGroup, r []int, i int, xs ...int) {
	defer wg.Done()
	for _, x := range xs {
		r[i] += x
	}
}

func generic[T any](wg *sync.WaitGroup, r []T, v T) { defer wg.Done(); r[0] = v }

func channels() {
	ch := make(chan int)
	done := make(chan struct{})
	go func() {
		for v := range ch {
			fmt.Println("got", v)
		}
		close(done)
	}()
	for i := range 3 {
		ch <- i
	}
	close(ch)
	<-done
	buf := make(chan string, 2)
	buf <- "a"
	v, ok := <-buf
	fmt.Println(v, ok)
	close(buf)
	var w string
	w, ok = <-buf
	fmt.Println(w == "", ok)
	var recvOnly <-chan int = makeOne(5)
	fmt.Println(<-recvOnly + 1)
	var x int
	for x = range makeOne(7) {
		fmt.Println("range assign", x)
	}
	for range makeOne(1) {
		fmt.Println("range without key")
	}
	var sendOnly chan<- float64 = make(chan float64, 1)
	sendOnly <- 1
}

func makeOne(v int) chan int { c := make(chan int, 1); c <- v; close(c); return c }

func selects() {
	a := make(chan int, 1)
	b := make(chan int) // nobody receives: the send case never proceeds
	a <- 1
	select {
	case v := <-a:
		fmt.Println("a", v)
	case b <- 2:
		fmt.Println("sent b")
	}
	select {
	case v, ok := <-a:
		fmt.Println("a again", v, ok)
	default:
		fmt.Println("default")
	}
	close(a)
	var got int
	var ok bool
outer:
	for {
		select {
		case got, ok = <-a:
			break outer
		}
	}
	fmt.Println("closed", got, ok)
	select {
	case <-a:
		fmt.Println("closed receive")
	}
	c := make(chan int, 1)
	c <- 9
sel:
	select {
	case v := <-c:
		if v > 0 {
			break sel
		}
		fmt.Println("not reached")
	}
	fmt.Println("first", firstOf(c, make(chan int)))
	fmt.Println("selects done")
}

// firstOf ends in a select without default, a terminating statement:
// the rewritten switch must be one too.
func firstOf(a, b chan int) int {
	a <- 4
	select {
	case v := <-a:
		return v
	case v := <-b:
		return -v
	}
}

// never ends in an empty select.
func never() int {
	select {}
}

func locks() {
	var mu sync.Mutex
	p := &mu
	mu.Lock()
	p.Unlock()
	if p.TryLock() {
		defer mu.Unlock()
	}
	var g guarded
	g.m = map[string]int{}
	g.mu.Lock()
	g.m["x"] = 1
	g.mu.Unlock()
	g.mu.RLock()
	fmt.Println("read", g.m["x"])
	g.mu.RUnlock()
	fmt.Println(g.mu.TryRLock(), g.mu.TryLock())
	g.mu.RUnlock()
	var l sync.Locker = &sync.Mutex{}
	l.Lock()
	l.Unlock()
	c := &counter{}
	c.Lock()
	c.n++
	c.Unlock()
	nd := nested{c}
	nd.Lock()
	nd.n++
	nd.Unlock()
	var m2 sync.Mutex
	lock, unlock := m2.Lock, m2.Unlock
	lock()
	unlock()
	try := m2.TryLock
	fmt.Println("try", try())
	m2.Unlock()
	lockE, unlockE := (*sync.Mutex).Lock, (*sync.Mutex).Unlock
	lockE(&m2)
	unlockE(&m2)
	(*sync.Mutex).Lock(&m2)
	(*sync.Mutex).Unlock(&m2)
	lockL := l.Lock
	lockL()
	sync.Locker.Unlock(l)
	var wg sync.WaitGroup
	add, wait := wg.Add, wg.Wait
	add(1)
	go func() {
		defer wg.Done()
		c.Lock()
		defer c.Unlock()
		c.n++
	}()
	wait()
	cLock := nd.Lock
	cLock()
	nd.Unlock()
	fmt.Println("locks", c.n)
}

func onceCond() {
	var once sync.Once
	for range 3 {
		once.Do(func() { fmt.Println("once") })
	}
	// The functions of sync that call f once: rt.OnceFunc and friends.
	hello := sync.OnceFunc(func() { fmt.Println("hello once") })
	hello()
	hello()
	answer := sync.OnceValue(func() int { return 42 })
	pair := sync.OnceValues(func() (int, error) { return answer() + 1, nil })
	n, err := pair()
	fmt.Println("once values", answer(), n, err)
	boom := sync.OnceFunc(func() { panic("boom") })
	for range 2 {
		func() {
			defer func() { fmt.Println("once panics:", recover()) }()
			boom()
		}()
	}
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	ready := false
	done := make(chan bool)
	go func() {
		mu.Lock()
		for !ready {
			cond.Wait()
		}
		mu.Unlock()
		done <- true
	}()
	mu.Lock()
	ready = true
	cond.Broadcast()
	cond.Signal()
	mu.Unlock()
	fmt.Println("cond", <-done)
	cond.L.Lock()
	cond.L.Unlock()
}

func atomics() {
	var n int64
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); atomic.AddInt64(&n, 2) }()
	}
	wg.Wait()
	var s stats
	s.Add(3)
	var ai atomic.Int32
	ai.Store(4)
	pi := &ai
	pi.Add(1)
	var flag atomic.Bool
	flag.Store(true)
	var ptr atomic.Pointer[string]
	str := "p"
	ptr.Store(&str)
	var val atomic.Value
	val.Store(5)
	(*atomic.Int32).Add(&ai, 1)
	var u32 uint32
	atomic.CompareAndSwapUint32(&u32, 0, 1)
	fmt.Println("atomics", atomic.LoadInt64(&n), s.Load(), ai.Load(), flag.Load(), *ptr.Load(), val.Load(), u32)
	time.Sleep(time.Millisecond)
	ready = true
	fmt.Println("spun", spinWait(3))
}

var ready bool

// spinWait spins on a package-level flag, which another goroutine could
// set: rt.Spin in that loop. A loop on a local, and one that calls, are
// left alone.
func spinWait(n int) int {
	for !ready {
	}
	i := 0
	for i < n {
		i++
	}
	for !ready {
		time.Sleep(time.Millisecond)
	}
	return i
}
