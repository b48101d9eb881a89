package rt

import (
	"sync"
	"testing"
)

type embedsMutex struct {
	n int
	sync.Mutex
}

type embedsRW struct{ sync.RWMutex }

type embedsPtr struct{ *sync.Mutex }

type deeper struct {
	x int
	embedsMutex
}

type ownLock struct{ mu sync.Mutex }

func (o *ownLock) Lock()   { o.mu.Lock() }
func (o *ownLock) Unlock() { o.mu.Unlock() }

// shadowsLock's value methods Lock and Unlock hide those of the mutex that
// its embedded pointer points to.
type shadowsLock struct{ *sync.Mutex }

func (shadowsLock) Lock()   {}
func (shadowsLock) Unlock() {}

type embedsOwn struct{ ownLock }

func TestPromotedMutex(t *testing.T) {
	em := &embedsMutex{}
	rw := &embedsRW{}
	shared := &sync.Mutex{}
	ep := &embedsPtr{shared}
	d := &deeper{}
	tests := []struct {
		name string
		l    sync.Locker
		want sync.Locker // nil: the Locker's own method runs
	}{
		{"embedded Mutex", em, &em.Mutex},
		{"embedded RWMutex", rw, &rw.RWMutex},
		{"embedded *Mutex", ep, shared},
		{"nil embedded *Mutex", &embedsPtr{}, nil},
		{"through an embedded struct", d, &d.Mutex},
		{"declared Lock", &ownLock{}, nil},
		{"value method shadows the promoted one", &shadowsLock{shared}, nil},
		{"promoted from a type that declares it", &embedsOwn{}, nil},
		{"a Mutex itself", shared, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, name := range []string{"Lock", "Unlock"} {
				got := promotedMutex(tt.l, name)
				if got != tt.want {
					t.Errorf("promotedMutex(%T, %s) = %p, want %p", tt.l, name, got, tt.want)
				}
			}
		})
	}
}

func TestRLockerOf(t *testing.T) {
	var rw sync.RWMutex
	if got := rlockerOf(rw.RLocker()); got != &rw {
		t.Errorf("rlockerOf(rw.RLocker()) = %p, want %p", got, &rw)
	}
	if got := rlockerOf(&rw); got != nil {
		t.Errorf("rlockerOf(&rw) = %p, want nil", got)
	}
	if got := rlockerOf(nil); got != nil {
		t.Errorf("rlockerOf(nil) = %p, want nil", got)
	}
}
