// Command promoted_interface: two accounts embed the same ledger pointer, and tasks call its promoted Add method through an interface; both calls update the one shared ledger, so they race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

type ledger struct {
	balance int
}

// Add records an amount.
func (l *ledger) Add(amount int) {
	l.balance += amount // race:a
}

type account struct {
	*ledger
	owner string
}

type adder interface {
	Add(amount int)
}

// deposit credits an account through the interface.
func deposit(a adder, amounts []int) {
	for _, x := range amounts {
		a.Add(x)
	}
}

func main() {
	shared := &ledger{}
	accts := []adder{account{shared, "ann"}, account{shared, "bob"}}
	task.Run(func(t *task.T) {
		t.Finish(func(t *task.T) {
			for i, a := range accts {
				t.Async(func(t *task.T) {
					deposit(a, []int{i + 1, 10})
				})
			}
		})
	})
	fmt.Println("balance", shared.balance)
	fmt.Println("accounts", len(accts))
	fmt.Println("done")
	fmt.Println("ok")
	fmt.Println("promoted")
	fmt.Println("interface")
	fmt.Println("embedded")
	fmt.Println("end")
	fmt.Println("bye")
	fmt.Println("exit")
}
