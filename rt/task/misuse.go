package task

// The messages of the misuse panics. Every build of the package (parallel,
// serial elision and checked) panics with exactly these texts, so a misused
// program fails the same way whichever build runs it, and tests can match
// them. Each message names the misuse and the fix. The panic value is the
// message string.

// misuseInIsolated is the message for op (Async, NewFuture, Finish, ForAll or
// ForAsync) called inside an Isolated body. Spawning or joining tasks there
// could deadlock (the spawned task may need the Isolated lock) and would make
// the isolated region's effects depend on other tasks.
func misuseInIsolated(op string) string {
	return "task: " + op + " called inside an Isolated body: an Isolated body must not spawn or join tasks; " +
		"move the " + op + " out of the Isolated body"
}

// misuseEnded is the message for op called on the handle of a task whose body
// has returned (a handle kept in a variable and used later, or captured by a
// task that outlives its spawner).
func misuseEnded(op string) string {
	return "task: " + op + " called on the handle of a task that has returned: a *task.T belongs to its task " +
		"and dies with it; call " + op + " on the handle passed to the body of the task that makes the call"
}

// misuseWaiting is the message for op called on the handle of a task that is
// blocked at the end of a Finish. The task itself cannot be the caller, so
// another task is using a handle that is not its own (typically a parent's
// handle captured by a child's closure).
func misuseWaiting(op string) string {
	return "task: " + op + " called on the handle of a task that is waiting at the end of a Finish, so from another task: " +
		"a *task.T belongs to its task; call " + op + " on the handle passed to the body of the task that makes the call"
}

// misuseNilHandle is the message for op called with a nil *T.
func misuseNilHandle(op string) string {
	return "task: " + op + " called with a nil *task.T: call it on the handle passed to the body of the running task " +
		"(or start one with task.Run)"
}

// misuseNilBody is the message for op called with a nil body function.
func misuseNilBody(op string) string {
	return "task: " + op + " called with a nil body: pass the function the task must run"
}

// misuseNilFuture is the message for Get called on a nil *Future.
func misuseNilFuture() string {
	return "task: Get called on a nil *task.Future: get the future returned by task.NewFuture"
}
