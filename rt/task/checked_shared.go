//go:build tpinstr

package task

// Misuses that only the checked build can see.

// misuseOtherTask is the message for op called on the handle of a task that
// is not the one running: the checked build knows which task runs.
func misuseOtherTask(op string) string {
	return "task: " + op + " called on the handle of another task: a *task.T belongs to its task; call " + op +
		" on the handle passed to the body of the task that makes the call"
}

// misuseGetInIsolated is the message for Get called inside an Isolated body.
// A normal build cannot tell (Get has no task handle); the checked build
// knows the running task.
func misuseGetInIsolated() string {
	return "task: Get called inside an Isolated body: waiting for a future while holding the Isolated lock can " +
		"deadlock; call Get before entering the Isolated body"
}
