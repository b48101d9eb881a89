// Package metrics keeps named counters and gauges and periodically
// publishes a snapshot of them.
package metrics

import (
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Counter is a monotonically increasing count.
type Counter struct{ v atomic.Int64 }

// Inc adds one.
func (c *Counter) Inc() { c.v.Add(1) }

// Add adds n, which must not be negative.
func (c *Counter) Add(n int64) {
	if n < 0 {
		panic("metrics: negative counter increment")
	}
	c.v.Add(n)
}

// Value returns the current count.
func (c *Counter) Value() int64 { return c.v.Load() }

// Gauge is a value that goes up and down.
type Gauge struct{ v atomic.Int64 }

// Set sets the gauge.
func (g *Gauge) Set(n int64) { g.v.Store(n) }

// Value returns the gauge.
func (g *Gauge) Value() int64 { return g.v.Load() }

// Sample is one metric in a snapshot.
type Sample struct {
	Name  string
	Value int64
}

// Snapshot is the state of every metric at one time. Snapshots are
// immutable once published.
type Snapshot struct {
	Seq      int64
	At       time.Time
	Samples  []Sample
	Duration time.Duration // how long collecting took
}

// Registry holds metrics by name.
type Registry struct {
	mu       sync.Mutex
	counters map[string]*Counter
	gauges   map[string]*Gauge

	latest atomic.Pointer[Snapshot]
	seq    int64
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{counters: map[string]*Counter{}, gauges: map[string]*Gauge{}}
}

// Counter returns the counter called name, creating it if needed.
func (r *Registry) Counter(name string) *Counter {
	r.mu.Lock()
	defer r.mu.Unlock()
	c, ok := r.counters[name]
	if !ok {
		c = new(Counter)
		r.counters[name] = c
	}
	return c
}

// Gauge returns the gauge called name, creating it if needed.
func (r *Registry) Gauge(name string) *Gauge {
	r.mu.Lock()
	defer r.mu.Unlock()
	g, ok := r.gauges[name]
	if !ok {
		g = new(Gauge)
		r.gauges[name] = g
	}
	return g
}

// collect builds a snapshot of every metric, sorted by name.
func (r *Registry) collect(now time.Time) *Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seq++
	s := &Snapshot{Seq: r.seq, At: now}
	for name, c := range r.counters {
		s.Samples = append(s.Samples, Sample{name, c.Value()})
	}
	for name, g := range r.gauges {
		s.Samples = append(s.Samples, Sample{name, g.Value()})
	}
	sort.Slice(s.Samples, func(i, j int) bool { return s.Samples[i].Name < s.Samples[j].Name })
	return s
}

// Latest returns the last published snapshot, or nil before the first.
func (r *Registry) Latest() *Snapshot { return r.latest.Load() }

// Publish collects a snapshot now and makes it the latest.
func (r *Registry) Publish() *Snapshot {
	start := time.Now()
	s := r.collect(start)
	r.latest.Store(s)
	s.Duration = time.Since(start)
	return s
}

// Reporter publishes a snapshot every interval and hands it to sink, until
// Stop is called.
type Reporter struct {
	stop chan struct{}
	done chan struct{}
}

// StartReporter starts publishing r's metrics every interval.
func StartReporter(r *Registry, interval time.Duration, sink func(*Snapshot)) *Reporter {
	rep := &Reporter{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(rep.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				s := r.Publish()
				if sink != nil {
					sink(s)
				}
			case <-rep.stop:
				return
			}
		}
	}()
	return rep
}

// Stop stops the reporter and waits for it to finish.
func (rep *Reporter) Stop() {
	close(rep.stop)
	<-rep.done
}

// Find returns the value of the sample called name in s.
func (s *Snapshot) Find(name string) (int64, bool) {
	i := sort.Search(len(s.Samples), func(i int) bool { return s.Samples[i].Name >= name })
	if i < len(s.Samples) && s.Samples[i].Name == name {
		return s.Samples[i].Value, true
	}
	return 0, false
}
