//go:build !amd64 && !arm64

package goexec

import "unsafe"

// getg returns an identity of the calling goroutine: on this architecture,
// its id, read from the header of its stack trace (slower than the
// descriptor's address that amd64 and arm64 read from a register).
func getg() uintptr { return uintptr(stackGoid()) }

// gOf is getg, given getgp's result.
func gOf(unsafe.Pointer) uintptr { return getg() }

// getgp is not available on this architecture.
func getgp() unsafe.Pointer { return nil }

// getgIsDescriptor: getg returns an id, not a descriptor's address.
const getgIsDescriptor = false
