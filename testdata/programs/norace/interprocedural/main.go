// Command interprocedural: two sibling Asyncs call one helper, deposit (account.go), each on its own account; the helper's accesses never meet, so no race.
package main

import (
	"fmt"

	"github.com/tpinstr/tpinstr/rt/task"
)

func main() {
	task.Run(func(t *task.T) {
		checking, savings := &account{}, &account{}
		t.Finish(func(t *task.T) {
			t.Async(func(t *task.T) {
				checking.deposit(10)
			})
			t.Async(func(t *task.T) {
				savings.deposit(20)
			})
		})
		fmt.Println(checking.balance, savings.balance)
	})
}
