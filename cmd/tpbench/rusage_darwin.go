package main

import (
	"os"
	"syscall"
)

// peakRSS returns the peak resident set size of the finished process in
// bytes: getrusage's ru_maxrss, which macOS reports in bytes.
func peakRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss
	}
	return -1
}
