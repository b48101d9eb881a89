package instrument

import (
	"slices"
	"strings"
	"testing"
)

// TestPlainGoSiteKinds checks that every kind of plain-Go operation gets a
// site of its own kind, named by the operation's expression.
func TestPlainGoSiteKinds(t *testing.T) {
	const src = `package p

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

func f(ch chan int, mu *sync.Mutex, rw *sync.RWMutex, wg *sync.WaitGroup, o *sync.Once, c *sync.Cond, n *int64, a *atomic.Int32, l sync.Locker) {
	go func() {}()
	ch <- 1
	<-ch
	for range ch {
	}
	select {
	case <-ch:
	default:
	}
	close(ch)
	mu.Lock()
	defer mu.Unlock()
	unlock := rw.RUnlock
	unlock()
	l.Lock()
	wg.Add(1)
	wg.Wait()
	o.Do(func() {})
	c.Signal()
	atomic.AddInt64(n, 1)
	a.Load()
	time.Sleep(1)
	runtime.Gosched()
}
`
	_, out := rewriteSource(t, src, Config{})
	got := siteList(out)
	for _, want := range []string{
		"Go go func() {}()", "Send ch <- 1", "Recv <-ch", "Recv ch", "Select select { case <-ch: default: }",
		"Close close(ch)", "Mutex mu.Lock()", "Mutex mu.Unlock()", "Mutex rw.RUnlock", "Mutex l.Lock()",
		"WaitGroup wg.Add(1)", "WaitGroup wg.Wait()", "Once o.Do(func() {})", "Cond c.Signal()",
		"Atomic atomic.AddInt64(n, 1)", "Atomic a.Load()", "Time time.Sleep(1)", "Gosched runtime.Gosched()",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("no site %q among\n%s", want, strings.Join(got, "\n"))
		}
	}
	for _, s := range got {
		if strings.HasPrefix(s, "Unknown ") {
			t.Errorf("site of unknown kind: %q", s)
		}
	}
}
