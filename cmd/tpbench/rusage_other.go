//go:build !linux && !darwin

package main

import "os"

// peakRSS returns -1 (unknown): this system's rusage has no portable peak
// resident set size.
func peakRSS(*os.ProcessState) int64 { return -1 }
