// Command ledger: a ledger struct embeds sync.Mutex and its methods lock it; a payroll goroutine runs a method value (f := l.deposit; go f(...)) and workers run a method (go l.worker(i)) that deposits and then withdraws. withdraw checks the balance under the lock it updates it under, so every access to a balance is inside a section, and the Unlock → Lock edges order them in every schedule: no race.
package main

import (
	"fmt"
	"sync"
)

// entry is one posted movement.
type entry struct {
	acct, amount int
}

// ledger holds the balances of a few accounts and the history of postings.
type ledger struct {
	sync.Mutex
	balance []int
	history []entry
}

// deposit adds amount to acct.
func (l *ledger) deposit(acct, amount int) {
	l.Lock()
	defer l.Unlock()
	l.balance[acct] += amount
	l.history = append(l.history, entry{acct, amount})
}

// withdraw takes amount from acct if the balance covers it.
func (l *ledger) withdraw(acct, amount int) bool {
	l.Lock()
	defer l.Unlock()
	if l.balance[acct] < amount {
		return false
	}
	l.balance[acct] -= amount
	l.history = append(l.history, entry{acct, -amount})
	return true
}

// fees computes the fee of a batch of transactions, slowly.
func fees(n int) int {
	f := 0
	for i := 0; i < n; i++ {
		f = (f*7 + i) % 1000
	}
	return f%3 + 1
}

// worker books a batch: the batch's fee into the fees account, and the
// same fee out of the bank's account.
func (l *ledger) worker(id int, wg *sync.WaitGroup) {
	defer wg.Done()
	fee := fees(100_000 * (id + 1))
	l.deposit(2, fee)
	if !l.withdraw(0, fee) {
		panic("the bank cannot pay a fee")
	}
}

func main() {
	l := &ledger{balance: []int{1000, 0, 0}}
	var wg sync.WaitGroup

	wg.Add(1)
	f := l.deposit
	go func() {
		defer wg.Done()
		f(1, 500)
	}()

	pay := l.deposit
	wg.Add(1)
	go func() {
		defer wg.Done()
		pay(0, 250)
	}()

	for i := range 2 {
		wg.Add(1)
		go l.worker(i, &wg)
	}
	wg.Wait()

	fmt.Println("balances:", l.balance)
	fmt.Println("postings:", len(l.history))
	sum := 0
	for _, e := range l.history {
		sum += e.amount
	}
	fmt.Println("net:", sum)
}
