// Package errgroup is golang.org/x/sync/errgroup for checked builds: the
// same API and behaviour, written on the goroutine hooks of package rt, so
// that the goroutines of a Group, its WaitGroup, its limit and its first
// error are seen by the checker. tpinstr rewrites the import of
// golang.org/x/sync/errgroup in the user's packages into an import of this
// package (the go command does not let an overlay replace the sources of a
// module in the module cache, where errgroup lives). Programs never import
// it themselves.
package errgroup

import (
	"context"
	"fmt"
	"sync"

	"github.com/tpinstr/tpinstr/rt"
	"github.com/tpinstr/tpinstr/rt/internal/checker"
)

type token struct{}

// A Group is a collection of goroutines working on subtasks that are part
// of the same overall task. A zero Group is valid, has no limit on the
// number of active goroutines, and does not cancel on error.
type Group struct {
	cancel func(error)

	wg sync.WaitGroup

	sem chan token

	errOnce sync.Once
	err     error

	site uint32 // where the group's goroutines are started: the Go call
}

// WithContext returns a new Group and an associated Context derived from
// ctx. The derived Context is canceled the first time a function passed to
// Go returns a non-nil error or the first time Wait returns, whichever
// occurs first.
//
// In a checked run of goroutines the Context is the run's
// (rt.WithCancelCause), so that its cancellation is synchronized before a
// receive from its Done channel.
func WithContext(ctx context.Context) (*Group, context.Context) {
	ctx, cancel := rt.WithCancelCause(ctx, 0)
	return &Group{cancel: cancel}, ctx
}

// takeSite returns the site that rewritten code recorded (with rt.At) for
// the call of the Group's method being made.
func (g *Group) takeSite() uint32 {
	if s := checker.TakeSite(); s != 0 {
		g.site = s
	}
	return g.site
}

func (g *Group) done(site uint32) {
	if g.sem != nil {
		rt.Recv(g.sem, site)
	}
	rt.WaitGroupDone(&g.wg, site)
}

// Wait blocks until all function calls from the Go method have returned,
// then returns the first non-nil error (if any) from them.
func (g *Group) Wait() error {
	site := g.takeSite()
	rt.WaitGroupWait(&g.wg, site)
	if g.cancel != nil {
		g.cancel(g.err)
	}
	return g.err
}

// Go calls the given function in a new goroutine. The first call to return
// a non-nil error cancels the group's context, if the group was created by
// WithContext; its error is returned by Wait. It blocks until the new
// goroutine can be added without the number of active goroutines in the
// group exceeding the configured limit.
func (g *Group) Go(f func() error) {
	site := g.takeSite()
	if g.sem != nil {
		rt.Send(g.sem, token{}, site)
	}
	g.start(f, site)
}

// TryGo calls the given function in a new goroutine only if the number of
// active goroutines in the group is currently below the configured limit,
// and reports whether the goroutine was started.
func (g *Group) TryGo(f func() error) bool {
	site := g.takeSite()
	if g.sem != nil && rt.Select(site, true, rt.OnSend(g.sem, token{})) != 0 {
		return false
	}
	g.start(f, site)
	return true
}

func (g *Group) start(f func() error, site uint32) {
	rt.WaitGroupAdd(&g.wg, 1, site)
	rt.Go(func() {
		defer g.done(site)
		if err := f(); err != nil {
			rt.OnceDo(&g.errOnce, func() {
				g.err = err
				if g.cancel != nil {
					g.cancel(g.err)
				}
			}, site)
		}
	}, site)
}

// SetLimit limits the number of active goroutines in this group to at most
// n. A negative value indicates no limit. A limit of zero will prevent any
// new goroutines from being added. Any subsequent call to the Go method
// will block until it can add an active goroutine without exceeding the
// configured limit. The limit must not be modified while any goroutines in
// the group are active.
func (g *Group) SetLimit(n int) {
	g.takeSite()
	if n < 0 {
		g.sem = nil
		return
	}
	if len(g.sem) != 0 {
		panic(fmt.Errorf("errgroup: modify limit while %v goroutines in the group are still active", len(g.sem)))
	}
	g.sem = make(chan token, n)
}
