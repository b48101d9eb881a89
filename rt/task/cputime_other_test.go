//go:build !unix

package task_test

import "time"

// cpuTime reports that the process's CPU time is not available here.
func cpuTime() (time.Duration, bool) { return 0, false }
