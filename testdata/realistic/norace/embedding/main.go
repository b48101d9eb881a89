// Command embedding: accounts embed a ledger whose promoted Add method each task calls on its own account; tasks touch different accounts, so it is race-free.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type ledger struct {
	entries []int
	balance int
}

// Add records an amount.
func (l *ledger) Add(amount int) {
	l.entries = append(l.entries, amount)
	l.balance += amount
}

type account struct {
	ledger
	owner string
}

type named interface {
	Add(amount int)
}

// deposit credits an account several times through the interface.
func deposit(n named, amounts []int) {
	for _, a := range amounts {
		n.Add(a)
	}
}

func main() {
	owners := []string{"ann", "bob", "cyd", "dee"}
	accts := make([]*account, len(owners))
	for i, o := range owners {
		accts[i] = &account{owner: o}
	}
	task.Run(func(t *task.T) {
		t.ForAll(0, len(accts), func(t *task.T, i int) {
			a := accts[i]
			deposit(a, []int{i + 1, 2 * (i + 1), 3})
			a.Add(-1)
		})
	})
	total := 0
	for _, a := range accts {
		fmt.Println(a.owner, a.balance, len(a.entries))
		total += a.balance
	}
	fmt.Println("total", total)
	fmt.Println("accounts", len(accts))
	fmt.Println("done")
}
