// Package check holds what every benchmark kernel does at its end: stop with
// status 1 and a message when the result is wrong, or print the one result
// line. The benchmark runner compares that line across the builds of a
// kernel, so it must only depend on the input, never on timing or on the
// schedule.
package check

import (
	"fmt"
	"io"
	"os"
)

// Done prints the result line of kernel name to stdout when err is nil and
// returns, so that main ends normally (a checked build reports races when
// main returns). Otherwise it prints err to stderr and exits with status 1.
// Either way it first ends the CPU profile that TPBENCH_CPUPROFILE asks
// for.
func Done(name string, err error, format string, args ...any) {
	stopProfile()
	if code := done(os.Stdout, os.Stderr, name, err, format, args...); code != 0 {
		os.Exit(code)
	}
}

// done writes the outcome and returns the exit status, so that tests can
// check both without ending the process.
func done(stdout, stderr io.Writer, name string, err error, format string, args ...any) int {
	if err != nil {
		fmt.Fprintf(stderr, "%s: wrong result: %v\n", name, err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %s\n", name, fmt.Sprintf(format, args...))
	return 0
}
