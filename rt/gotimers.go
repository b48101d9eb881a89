package rt

import (
	"math"
	"time"
	"unsafe"
)

// The timers of package time on the clock of a checked run of goroutines
// (rt/internal/goexec's timers.go): the clock stands still while a
// goroutine of the run can go on, and jumps to the earliest deadline when
// none can, so that a program whose timers only order its own goroutines
// never waits for the wall clock.
//
// The hooks return real *time.Timer and *time.Ticker values, so that the
// program's code compiles and runs unchanged: their runtime timer is
// stopped, and their channel C is one the run's clock feeds (a channel
// with a buffer of one value, where Go 1.23's timer channels report a
// length and capacity of 0). The run knows them by their address: Stop
// and Reset, rewritten into TimerStop, TimerReset, TickerStop and
// TickerReset, act on the run's timer. A timer created outside a checked
// run (inside a task.Run, or after the run ended) is a real one, and the
// hooks behave as the original calls. The Stop and Reset of code that was
// not rewritten act on the stopped runtime timer only.
//
// Creating a timer starts a run of goroutines, as a go statement does:
// the timer is a source of concurrency.

// never is the duration of the runtime timers that the hooks stop at once:
// they never fire.
const never = time.Duration(math.MaxInt64)

// NewTimer creates a Timer that sends the current time on its channel
// after at least d, as time.NewTimer(d) does; in a checked run, on the
// run's clock.
func NewTimer(d time.Duration, site uint32) *time.Timer {
	gx, l := enter(site)
	if gx == nil {
		return time.NewTimer(d)
	}
	defer gx.Exit(l)
	t := time.NewTimer(never)
	t.Stop()
	ch := make(chan time.Time, 1)
	t.C = ch
	gx.NewTimer(unsafe.Pointer(t), ch, d, 0, site)
	return t
}

// NewTicker returns a Ticker that sends the current time on its channel
// every d, as time.NewTicker(d) does (it panics when d <= 0); in a checked
// run, on the run's clock.
func NewTicker(d time.Duration, site uint32) *time.Ticker {
	if d <= 0 {
		panic("non-positive interval for NewTicker")
	}
	gx, l := enter(site)
	if gx == nil {
		return time.NewTicker(d)
	}
	defer gx.Exit(l)
	t := time.NewTicker(never)
	t.Stop()
	ch := make(chan time.Time, 1)
	t.C = ch
	gx.NewTimer(unsafe.Pointer(t), ch, d, d, site)
	return t
}

// Tick returns the channel of a new Ticker of interval d, or nil when
// d <= 0, as time.Tick(d) does.
func Tick(d time.Duration, site uint32) <-chan time.Time {
	if d <= 0 {
		return nil
	}
	return NewTicker(d, site).C
}

// AfterFunc waits for the duration to elapse and then calls f in its own
// goroutine, as time.AfterFunc(d, f) does, and returns the Timer that can
// stop or reset it. In a checked run the time is the run's, and the
// goroutine is one of the run's, started when the timer fires, after the
// call (or the Timer's latest Reset): f's accesses and synchronisation
// are checked.
func AfterFunc(d time.Duration, f func(), site uint32) *time.Timer {
	gx, l := enter(site)
	if gx == nil {
		return time.AfterFunc(d, f)
	}
	defer gx.Exit(l)
	t := time.AfterFunc(never, func() {})
	t.Stop()
	gx.AfterFunc(unsafe.Pointer(t), d, f, site)
	return t
}

// TimerStop stops t, as t.Stop() does: it reports whether the call stopped
// the timer (false when it had fired, or been stopped). As in Go 1.23, a
// value the timer sent and nobody received is dropped, and counts as not
// fired.
func TimerStop(t *time.Timer, site uint32) bool {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		if active, ok := gx.StopTimer(unsafe.Pointer(t), site); ok {
			return active
		}
	}
	return t.Stop()
}

// TimerReset makes t fire after d, as t.Reset(d) does, and reports
// whether it had been active, as TimerStop does.
func TimerReset(t *time.Timer, d time.Duration, site uint32) bool {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		if active, ok := gx.ResetTimer(unsafe.Pointer(t), d, site); ok {
			return active
		}
	}
	return t.Reset(d)
}

// TickerStop turns t off, as t.Stop() does: no more ticks are sent, and a
// tick sent that nobody received is dropped (Go 1.23).
func TickerStop(t *time.Ticker, site uint32) {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		if _, ok := gx.StopTimer(unsafe.Pointer(t), site); ok {
			return
		}
	}
	t.Stop()
}

// TickerReset stops t and resets its period to d, as t.Reset(d) does (it
// panics when d <= 0): the next tick comes d after the call.
func TickerReset(t *time.Ticker, d time.Duration, site uint32) {
	if d <= 0 {
		panic("non-positive interval for Ticker.Reset")
	}
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		if _, ok := gx.ResetTimer(unsafe.Pointer(t), d, site); ok {
			return
		}
	}
	t.Reset(d)
}
