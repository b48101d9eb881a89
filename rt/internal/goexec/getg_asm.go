//go:build amd64 || arm64

package goexec

import "unsafe"

// getgp returns the runtime's descriptor of the calling goroutine, read
// from the register or thread-local slot where the runtime keeps it.
func getgp() unsafe.Pointer

// getg returns an identity of the calling goroutine while it lives: the
// address of its descriptor.
func getg() uintptr { return gOf(getgp()) }

// gOf is getg, given getgp's result.
func gOf(p unsafe.Pointer) uintptr { return uintptr(p) }

// getgIsDescriptor: getgp returns the descriptor, whose words goid may
// read.
const getgIsDescriptor = true
