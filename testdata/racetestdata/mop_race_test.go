// Copyright 2011 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build race

// This test, moved out of mop_test.go, calls runtime.RaceDisable, which
// exists only in -race builds.

package race_test

import (
	"runtime"
	"sync"
	"testing"
)

func TestNoRaceIssue60934(t *testing.T) {
	// Test that runtime.RaceDisable state doesn't accidentally get applied to
	// new goroutines.

	// Create several goroutines that end after calling runtime.RaceDisable.
	var wg sync.WaitGroup
	ready := make(chan struct{})
	wg.Add(32)
	for i := 0; i < 32; i++ {
		go func() {
			<-ready // ensure we have multiple goroutines running at the same time
			runtime.RaceDisable()
			wg.Done()
		}()
	}
	close(ready)
	wg.Wait()

	// Make sure race detector still works. If the runtime.RaceDisable state
	// leaks, the happens-before edges here will be ignored and a race on x will
	// be reported.
	var x int
	ch := make(chan struct{}, 0)
	wg.Add(2)
	go func() {
		x = 1
		ch <- struct{}{}
		wg.Done()
	}()
	go func() {
		<-ch
		_ = x
		wg.Done()
	}()
	wg.Wait()
}
