package main

// account is a bank account owned by the task that deposits into it.
type account struct {
	balance int
}

// deposit adds n to the balance; it is safe as long as no two unordered
// tasks call it on the same account.
func (a *account) deposit(n int) {
	a.balance += n
}
