// Command method_value: goroutines update a balance inside a helper that takes the lock and unlock functions as method values (f := mu.Unlock); one caller passes the method values of the wrong mutex, and sections of two different mutexes do not exclude each other, so the updates race.
package main

import (
	"fmt"
	"sync"
)

type account struct {
	mu      sync.Mutex
	balance int
}

type audit struct {
	mu      sync.Mutex
	entries int
}

// withLock runs f between lock and unlock.
func withLock(lock, unlock func(), f func()) {
	lock()
	defer unlock()
	f()
}

func main() {
	var acct account
	var log audit
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		withLock(acct.mu.Lock, acct.mu.Unlock, func() {
			acct.balance += 100 // race:bal
		})
	}()
	go func() {
		defer wg.Done()
		lock, unlock := log.mu.Lock, log.mu.Unlock // the audit's mutex, not the account's
		withLock(lock, unlock, func() {
			log.entries++
			acct.balance -= 30 // race:bal
		})
	}()
	wg.Wait()
	fmt.Println("balance", acct.balance, "entries", log.entries)
}
