// Package ratelimit implements a token bucket rate limiter.
package ratelimit

import (
	"context"
	"errors"
	"math"
	"sync"
	"time"
)

// ErrExceedsBurst is returned by Wait when more tokens are requested than
// the bucket can ever hold.
var ErrExceedsBurst = errors.New("ratelimit: request exceeds burst size")

// Stats reports how many requests a Bucket let through or turned away.
type Stats struct {
	Allowed  int64
	Rejected int64
}

// Bucket is a token bucket: it holds up to burst tokens and refills at
// rate tokens per second. A Bucket is safe for concurrent use.
type Bucket struct {
	mu     sync.Mutex
	rate   float64
	burst  float64
	tokens float64
	last   time.Time
	now    func() time.Time

	allowed  int64
	rejected int64
}

// New returns a full bucket that refills at rate tokens per second and
// holds at most burst tokens.
func New(rate float64, burst int) *Bucket {
	if rate <= 0 {
		panic("ratelimit: rate must be positive")
	}
	if burst < 1 {
		burst = 1
	}
	b := &Bucket{
		rate:   rate,
		burst:  float64(burst),
		tokens: float64(burst),
		now:    time.Now,
	}
	b.last = b.now()
	return b
}

// refill adds the tokens earned since the last refill. b.mu must be held.
func (b *Bucket) refill(now time.Time) {
	elapsed := now.Sub(b.last)
	if elapsed <= 0 {
		return
	}
	b.tokens = math.Min(b.burst, b.tokens+elapsed.Seconds()*b.rate)
	b.last = now
}

// Allow reports whether one token is available, and takes it if so.
func (b *Bucket) Allow() bool { return b.AllowN(1) }

// AllowN reports whether n tokens are available, and takes them if so.
func (b *Bucket) AllowN(n int) bool {
	b.mu.Lock()
	b.refill(b.now())
	if b.tokens < float64(n) {
		b.mu.Unlock()
		b.rejected++
		return false
	}
	b.tokens -= float64(n)
	b.allowed++
	b.mu.Unlock()
	return true
}

// reserve takes n tokens if they are available and otherwise returns how
// long the caller has to wait before they will be.
func (b *Bucket) reserve(n int) (time.Duration, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(b.now())
	if b.tokens >= float64(n) {
		b.tokens -= float64(n)
		b.allowed++
		return 0, true
	}
	deficit := float64(n) - b.tokens
	return time.Duration(deficit / b.rate * float64(time.Second)), false
}

// Wait blocks until n tokens are available and takes them, or returns
// the context's error if it is done first.
func (b *Bucket) Wait(ctx context.Context, n int) error {
	if float64(n) > b.burst {
		return ErrExceedsBurst
	}
	for {
		wait, ok := b.reserve(n)
		if ok {
			return nil
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
}

// Tokens returns the number of tokens currently available.
func (b *Bucket) Tokens() float64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill(b.now())
	return b.tokens
}

// Stats returns the bucket's counters.
func (b *Bucket) Stats() Stats {
	b.mu.Lock()
	defer b.mu.Unlock()
	return Stats{Allowed: b.allowed, Rejected: b.rejected}
}
