package goexec

import (
	"reflect"
	"runtime"
	"unsafe"
)

// SendOp is a send of a value of type T: a send hook's, or a send case of
// a select statement.
type SendOp[T any] struct {
	Ch chan<- T
	V  T
}

// Chan implements Case.
func (s *SendOp[T]) Chan() unsafe.Pointer { return chanPointer(s.Ch) }

// IsSend implements Case.
func (s *SendOp[T]) IsSend() bool { return true }

// Len implements Case.
func (s *SendOp[T]) Len() int { return len(s.Ch) }

// Cap implements Case.
func (s *SendOp[T]) Cap() int { return cap(s.Ch) }

// TryReal implements Case.
func (s *SendOp[T]) TryReal() bool {
	select {
	case s.Ch <- s.V:
		return true
	default:
		return false
	}
}

// Value implements Case.
func (s *SendOp[T]) Value() any { return s.V }

// Deliver implements Case; a send receives nothing.
func (s *SendOp[T]) Deliver(any, bool) {}

// OK implements Case.
func (s *SendOp[T]) OK() bool { return false }

// Reflect implements Case.
func (s *SendOp[T]) Reflect() reflect.SelectCase {
	return reflect.SelectCase{Dir: reflect.SelectSend, Chan: reflect.ValueOf(s.Ch), Send: reflect.ValueOf(&s.V).Elem()}
}

// RecvOp is a receive of a value of type T: a receive hook's, or a
// receive case of a select statement. V and Ok hold what it got.
type RecvOp[T any] struct {
	Ch <-chan T
	V  T
	Ok bool
}

// Chan implements Case.
func (r *RecvOp[T]) Chan() unsafe.Pointer { return chanPointer(r.Ch) }

// IsSend implements Case.
func (r *RecvOp[T]) IsSend() bool { return false }

// Len implements Case.
func (r *RecvOp[T]) Len() int { return len(r.Ch) }

// Cap implements Case.
func (r *RecvOp[T]) Cap() int { return cap(r.Ch) }

// TryReal implements Case.
func (r *RecvOp[T]) TryReal() bool {
	select {
	case v, ok := <-r.Ch:
		r.V, r.Ok = v, ok
		return true
	default:
		return false
	}
}

// Value implements Case; a receive sends nothing.
func (r *RecvOp[T]) Value() any { return nil }

// Deliver implements Case.
func (r *RecvOp[T]) Deliver(v any, ok bool) {
	r.Ok = ok
	if x, is := v.(T); is {
		r.V = x
	} else {
		var zero T
		r.V = zero
	}
}

// OK implements Case.
func (r *RecvOp[T]) OK() bool { return r.Ok }

// Reflect implements Case.
func (r *RecvOp[T]) Reflect() reflect.SelectCase {
	return reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(r.Ch)}
}

// chanPointer returns the pointer a channel value holds, its identity.
func chanPointer[C any](ch C) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&ch)) }

// panicking reports whether the calling goroutine is running deferred
// calls because of a panic.
func panicking() bool {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(2, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		if f.Function == "runtime.gopanic" {
			return true
		}
		if !more {
			return false
		}
	}
}
