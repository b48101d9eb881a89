// Command interprocedural: two sibling Asyncs call one helper, deposit (account.go), on the same account; its balance update races with itself across the two calls.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		acct := &account{}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				acct.deposit(10)
			})
			t.Async(func(t *task.T) {
				acct.deposit(20)
			})
		})
		fmt.Println(acct.balance > 0)
	})
}
