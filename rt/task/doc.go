// Package task is a task-parallel library in the Habanero / X10 model:
// Run, Finish, Async, NewFuture/Get, Isolated, ForAll and ForAsync.
package task
