package rt

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
)

// TestTimerHooksOutsideRun: inside a task.Run, where goroutines are not
// checked, the timer and context hooks are the original functions (real
// timers, the context package's contexts).
func TestTimerHooksOutsideRun(t *testing.T) {
	root := checker.RunBegin()
	defer checker.RunEnd(root)
	const d = time.Millisecond
	tests := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"NewTimer, Stop and Reset", func(t *testing.T) {
			tm := NewTimer(d, 1)
			<-tm.C
			if TimerStop(tm, 1) {
				t.Errorf("Stop of a timer that fired and was received = true")
			}
			if TimerReset(tm, time.Hour, 1) {
				t.Errorf("Reset of a stopped timer = true")
			}
			if !TimerStop(tm, 1) {
				t.Errorf("Stop of an armed timer = false")
			}
			TimerReset(tm, d, 1)
			<-tm.C
		}},
		{"NewTicker, Stop and Reset", func(t *testing.T) {
			tk := NewTicker(d, 1)
			<-tk.C
			<-tk.C
			TickerStop(tk, 1)
			TickerReset(tk, d, 1)
			<-tk.C
			TickerStop(tk, 1)
		}},
		{"Tick", func(t *testing.T) {
			if Tick(0, 1) != nil {
				t.Errorf("Tick(0) is not nil")
			}
			<-Tick(d, 1)
		}},
		{"AfterFunc", func(t *testing.T) {
			ran := make(chan struct{})
			tm := AfterFunc(d, func() { close(ran) }, 1)
			<-ran
			if TimerStop(tm, 1) {
				t.Errorf("Stop of an AfterFunc timer that ran = true")
			}
		}},
		{"WithTimeout", func(t *testing.T) {
			ctx, cancel := WithTimeout(context.Background(), d, 1)
			defer cancel()
			if _, ours := ctx.(*deadlineCtx); ours {
				t.Errorf("WithTimeout outside a checked run returned the run's context")
			}
			<-ctx.Done()
			if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
				t.Errorf("Err() = %v, want DeadlineExceeded", ctx.Err())
			}
		}},
		{"WithCancel", func(t *testing.T) {
			ctx, cancel := WithCancel(context.Background(), 1)
			if _, ours := ctx.(*deadlineCtx); ours {
				t.Errorf("WithCancel outside a checked run returned the run's context")
			}
			cancel()
			<-ctx.Done()
			cctx, ccancel := WithCancelCause(context.Background(), 1)
			cause := errors.New("stop")
			ccancel(cause)
			if context.Cause(cctx) != cause {
				t.Errorf("Cause = %v, want %v", context.Cause(cctx), cause)
			}
		}},
		{"WithDeadlineCause in the past", func(t *testing.T) {
			cause := errors.New("too late")
			ctx, cancel := WithDeadlineCause(context.Background(), time.Now().Add(-time.Hour), cause, 1)
			defer cancel()
			<-ctx.Done()
			if got := context.Cause(ctx); got != cause {
				t.Errorf("Cause = %v, want %v", got, cause)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, tt.run)
	}
}

// TestTimerHooksPanics: the hooks panic as the original functions do.
func TestTimerHooksPanics(t *testing.T) {
	root := checker.RunBegin()
	defer checker.RunEnd(root)
	tests := []struct {
		name, want string
		f          func()
	}{
		{"NewTicker(0)", "non-positive interval for NewTicker", func() { NewTicker(0, 1) }},
		{"Ticker.Reset(0)", "non-positive interval for Ticker.Reset", func() { TickerReset(time.NewTicker(time.Hour), 0, 1) }},
		{"WithTimeout(nil)", "cannot create context from nil parent", func() { WithTimeout(nil, time.Second, 1) }},
	}
	for _, tt := range tests {
		func() {
			defer func() {
				if v := recover(); v != tt.want {
					t.Errorf("%s panicked with %v, want %q", tt.name, v, tt.want)
				}
			}()
			tt.f()
		}()
	}
}

// TestDeadlineContext checks the context of a deadline on the run's clock
// against package context's semantics: Err, Cause and Deadline, the
// cancellation of its children (those of this file, and those of package
// context, which it registers through AfterFunc), and of itself with its
// parent. Inside a task.Run its timer and its Done channel are real.
func TestDeadlineContext(t *testing.T) {
	root := checker.RunBegin()
	defer checker.RunEnd(root)
	type key struct{}
	bg := context.WithValue(context.Background(), key{}, "v")
	cause := errors.New("the cause")
	var stops []context.CancelFunc // of the children, once checked
	defer func() {
		for _, stop := range stops {
			stop()
		}
	}()
	tests := []struct {
		name      string
		run       func() (context.Context, context.CancelFunc, context.Context)
		err       error // of the context, once done
		childErr  error // of the child, once done
		causeWant error
	}{
		{"deadline", func() (context.Context, context.CancelFunc, context.Context) {
			c, cancel := newDeadlineCtx(bg, time.Now().Add(time.Millisecond), nil, time.Now(), 1)
			child, stop := context.WithCancel(c)
			stops = append(stops, stop)
			return c, cancel, child
		}, context.DeadlineExceeded, context.DeadlineExceeded, context.DeadlineExceeded},
		{"deadline with a cause", func() (context.Context, context.CancelFunc, context.Context) {
			c, cancel := newDeadlineCtx(bg, time.Now().Add(time.Millisecond), cause, time.Now(), 1)
			child, stop := context.WithCancel(c)
			stops = append(stops, stop)
			return c, cancel, child
		}, context.DeadlineExceeded, context.DeadlineExceeded, cause},
		{"canceled", func() (context.Context, context.CancelFunc, context.Context) {
			c, cancel := newDeadlineCtx(bg, time.Now().Add(time.Hour), nil, time.Now(), 1)
			child, stop := context.WithCancel(c)
			stops = append(stops, stop)
			cancel()
			return c, cancel, child
		}, context.Canceled, context.Canceled, context.Canceled},
		{"past deadline", func() (context.Context, context.CancelFunc, context.Context) {
			c, cancel := newDeadlineCtx(bg, time.Now().Add(-time.Hour), nil, time.Now(), 1)
			child, stop := context.WithCancel(c)
			stops = append(stops, stop)
			return c, cancel, child
		}, context.DeadlineExceeded, context.DeadlineExceeded, context.DeadlineExceeded},
		{"child of a deadline context", func() (context.Context, context.CancelFunc, context.Context) {
			p, pcancel := newDeadlineCtx(bg, time.Now().Add(time.Millisecond), nil, time.Now(), 1)
			c, _ := newDeadlineCtx(p, time.Now().Add(time.Hour), nil, time.Now(), 1)
			return c, pcancel, c
		}, context.DeadlineExceeded, context.DeadlineExceeded, context.DeadlineExceeded},
		{"child of a canceled parent of package context", func() (context.Context, context.CancelFunc, context.Context) {
			p, pcancel := context.WithCancel(bg)
			c, _ := newDeadlineCtx(p, time.Now().Add(time.Hour), nil, time.Now(), 1)
			pcancel()
			return c, pcancel, c
		}, context.Canceled, context.Canceled, context.Canceled},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, cancel, child := tt.run()
			defer cancel()
			if _, ok := c.Deadline(); !ok {
				t.Errorf("Deadline() reports no deadline")
			}
			if c.Value(key{}) != "v" {
				t.Errorf("Value of the parent's key = %v, want v", c.Value(key{}))
			}
			ran := make(chan struct{})
			context.AfterFunc(c, func() { close(ran) })
			<-c.Done()
			<-child.Done()
			<-ran
			if c.Err() != tt.err {
				t.Errorf("Err() = %v, want %v", c.Err(), tt.err)
			}
			if child.Err() != tt.childErr {
				t.Errorf("the child's Err() = %v, want %v", child.Err(), tt.childErr)
			}
			if got := context.Cause(c); got != tt.causeWant {
				t.Errorf("Cause = %v, want %v", got, tt.causeWant)
			}
			if got := context.Cause(child); got != tt.causeWant {
				t.Errorf("the child's Cause = %v, want %v", got, tt.causeWant)
			}
		})
	}
}
