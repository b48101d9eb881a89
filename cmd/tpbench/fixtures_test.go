package main

import (
	"errors"
	"fmt"
)

// errBuild stands for a kernel that does not compile.
var errBuild = errors.New("go build: exit status 1\n./main.go:3:1: syntax error")

// errUnavailableFor is the error of a mode that cannot be built.
func errUnavailableFor(why string) error { return fmt.Errorf("%w: %s", errUnavailable, why) }
