// Command locker_iface: accounts embed a sync.Mutex and are locked through an interface of the program's own (Lock, Unlock, Name), whose method values a helper receives; one transfer locks the wrong account, and the balance updates race.
package main

import (
	"fmt"
	"sync"
)

// lockable is what the helper locks.
type lockable interface {
	Lock()
	Unlock()
	Name() string
}

type account struct {
	sync.Mutex
	name    string
	balance int
}

func (a *account) Name() string { return a.name }

// withLock runs f between lock and unlock.
func withLock(lock, unlock func(), f func()) {
	lock()
	defer unlock()
	f()
}

func main() {
	a := &account{name: "a", balance: 100}
	b := &account{name: "b"}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		var l lockable = a
		withLock(l.Lock, l.Unlock, func() {
			a.balance -= 10 // race:bal
		})
	}()
	go func() {
		defer wg.Done()
		var l lockable = b // should be a
		withLock(l.Lock, l.Unlock, func() {
			a.balance -= 20 // race:bal
		})
	}()
	wg.Wait()
	fmt.Println(a.Name(), a.balance, b.Name(), b.balance)
}
