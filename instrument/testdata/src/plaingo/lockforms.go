package main

import "sync"

// The forms of lock operations that run later than where they appear, and
// the calls through interfaces that have the methods of sync.Locker.

// locker is an interface of the program's own with the methods of
// sync.Locker: a *sync.Mutex may be its dynamic value.
type locker interface {
	Lock()
	Unlock()
}

// namedLocker embeds sync.Locker.
type namedLocker interface {
	sync.Locker
	Name() string
}

// tally embeds a Mutex and a WaitGroup, whose methods it promotes.
type tally struct {
	sync.Mutex
	sync.WaitGroup
	n int
}

// box holds a sync.Locker in a field.
type box struct {
	l sync.Locker
	n int
}

// relock unlocks mu for the body of the function and locks it again when
// the function returns.
func relock(mu *sync.Mutex) {
	mu.Unlock()
	defer mu.Lock()
}

// lockGeneric locks through a type parameter constrained by sync.Locker.
func lockGeneric[L sync.Locker](l L) {
	lock := l.Lock
	lock()
	l.Unlock()
}

func init() {
	var mu sync.Mutex
	var rw sync.RWMutex
	mu.Lock()
	relock(&mu)
	done := make(chan bool)
	go func() {
		defer rw.RUnlock()
		rw.RLock()
		done <- true
	}()
	<-done
	go mu.Unlock()
	rl := rw.RLocker()
	rl.Lock()
	rl.Unlock()
	c := sync.NewCond(&rw)
	c.L.Lock()
	c.L.Unlock()
	b := &box{l: &mu}
	b.l.Lock()
	b.n++
	b.l.Unlock()
	var l locker = &mu
	l.Lock()
	unlock := l.Unlock
	unlock()
	var nl namedLocker
	_ = nl
	if nl != nil {
		f := nl.Lock
		f()
	}
	lockGeneric(&mu)
	(*sync.RWMutex).RLock(&rw)
	(*sync.RWMutex).RUnlock(&rw)
	lockE := locker.Lock
	lockE(l)
	l.Unlock()
	lockT, unlockT, addT, tryT := (*tally).Lock, (*tally).Unlock, (*tally).Add, (*tally).TryLock
	tl := &tally{}
	lockT(tl)
	tl.n++
	unlockT(tl)
	addT(tl, 0)
	_ = tryT(tl)
	var wg sync.WaitGroup
	wg.Add(1)
	finish := wg.Done
	go func() {
		defer finish()
	}()
	wg.Wait()
}
