// Command method_value: goroutines update a balance inside a helper that takes the lock and unlock functions as method values (f := mu.Unlock) of the account's mutex, so the sections exclude each other in every order.
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
			acct.balance += 100
		})
	}()
	go func() {
		defer wg.Done()
		lock, unlock := acct.mu.Lock, acct.mu.Unlock
		withLock(log.mu.Lock, log.mu.Unlock, func() { log.entries++ })
		withLock(lock, unlock, func() {
			acct.balance -= 30
		})
	}()
	wg.Wait()
	fmt.Println("balance", acct.balance, "entries", log.entries)
}
