package task

import (
	"sync"
	"sync/atomic"
)

// panicSet collects the panics of the tasks joined at one place (a Finish,
// Run or ForAll) so that none is lost: the first is re-raised at the join and
// the others travel with it in PanicError.Others. Every build of the package
// uses it. The zero value is an empty set, safe for concurrent use.
type panicSet struct {
	failed atomic.Bool // set once a panic was added: err is a single load when nothing panicked
	mu     sync.Mutex
	first  *PanicError
	others []*PanicError
}

// add records pe. Recording the same *PanicError twice keeps one copy: a
// future's panic reaches its Finish both from the future task and from a
// task of the same Finish that got it and did not recover.
func (p *panicSet) add(pe *PanicError) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.first == pe {
		return
	}
	for _, o := range p.others {
		if o == pe {
			return
		}
	}
	if p.first == nil {
		p.first = pe
	} else {
		p.others = append(p.others, pe)
	}
	p.failed.Store(true)
}

// err returns nil when nothing panicked, the single PanicError when one task
// panicked, and otherwise a new PanicError that carries the first panic's
// value and stack and the other panics in Others. The recorded values are
// never modified, since the same *PanicError may also be re-raised by Get.
func (p *panicSet) err() *PanicError {
	if !p.failed.Load() {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.others) == 0 {
		return p.first
	}
	others := make([]*PanicError, 0, len(p.first.Others)+len(p.others))
	others = append(others, p.first.Others...)
	others = append(others, p.others...)
	return &PanicError{Value: p.first.Value, Stack: p.first.Stack, Others: others}
}
