package main

import (
	"context"
	"time"
)

// Timers and context deadlines: the run's clock feeds them.
func timers() {
	t := time.NewTimer(time.Second)
	if !t.Stop() {
		<-t.C
	}
	t.Reset(2 * time.Second)
	defer t.Stop()
	tk := time.NewTicker(time.Millisecond)
	tk.Reset(2 * time.Millisecond)
	<-tk.C
	stop := tk.Stop
	stop()
	(*time.Timer).Reset(t, time.Second)
	for range time.Tick(time.Second) {
		break
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	ctx2, cancel2 := context.WithDeadline(ctx, time.Now().Add(time.Second))
	defer cancel2()
	select {
	case <-ctx2.Done():
	case <-t.C:
	}
	_, cancel3 := context.WithTimeoutCause(ctx, time.Second, context.Canceled)
	cancel3()
	ctx4, cancel4 := context.WithCancel(context.Background())
	defer cancel4()
	_, cancel5 := context.WithCancelCause(ctx4)
	cancel5(nil)
	f := time.NewTimer // a value: stays as it is
	_ = f
}

// clocks uses functions of package time as values, as an injected clock
// does: they read and wait on the run's clock, as direct calls do.
func clocks() time.Duration {
	now, sleep, since := time.Now, time.Sleep, time.Since
	start := now()
	sleep(time.Millisecond)
	return since(start)
}
