package main

// account is a bank account shared by the tasks that deposit into it.
type account struct {
	balance int
}

// deposit adds n to the balance without any synchronisation, so calls from
// unordered tasks on one account race on its balance.
func (a *account) deposit(n int) {
	a.balance += n // race:a
}
