//go:build !tpinstr && !tpserial

package task

import "sync"

// isolation is the one lock of every Isolated body. It is a package variable
// because the contract makes Isolated exclusive with every other Isolated
// body in the process, across independent Runs that share no value it could
// be kept in.
var isolation sync.Mutex

// Isolated runs body in mutual exclusion with every other Isolated body in
// the process. An Isolated body may contain another Isolated of the same task
// (it runs at once, the task already holds the lock), but must not spawn or
// join tasks: Async, NewFuture, Finish, ForAll or ForAsync inside it panic,
// and Get inside it may deadlock.
func (t *T) Isolated(body func()) {
	t.checkLive("Isolated")
	if body == nil {
		panic(misuseNilBody("Isolated"))
	}
	if t.iso > 0 {
		t.iso++
		defer func() { t.iso-- }()
		body()
		return
	}
	isolation.Lock()
	t.iso = 1
	defer func() {
		t.iso = 0
		isolation.Unlock()
	}()
	body()
}
