package report

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
)

// What the checker counts. A test fails, and a program exits with the exit
// code option, for any of them; the message that says so names each kind,
// so that a permission error is not called a race.

// Kind is the kind of one counted finding.
type Kind uint8

// The kinds of findings.
const (
	FindRace       Kind = iota // a determinacy race report
	FindPermission             // a permission error or conflicting regions
	FindDeadlock               // a deadlock some schedule reached
	FindFailure                // a schedule that failed without a verdict
	FindDataRace               // a data race between goroutines
	FindLeak                   // a goroutine still waiting at the end (leaks=1)
	FindPanic                  // a goroutine that panics in a schedule exploration ran
	numKinds
)

var kindNames = [numKinds][2]string{
	FindRace:       {"determinacy race", "determinacy races"},
	FindPermission: {"permission error", "permission errors"},
	FindDeadlock:   {"deadlock", "deadlocks"},
	FindFailure:    {"failed schedule", "failed schedules"},
	FindDataRace:   {"data race", "data races"},
	FindLeak:       {"goroutine leak", "goroutine leaks"},
	FindPanic:      {"panic in another schedule", "panics in other schedules"},
}

// Log is the kinds of the findings counted so far, in order, so that a
// stretch of them (a test's) can be described. The zero Log is empty and
// ready to use; it is safe for concurrent use.
type Log struct {
	count  atomic.Uint64 // findings so far
	inTest atomic.Uint64 // of which attributed to a test

	mu     sync.Mutex
	kinds  []Kind
	tested []bool // by index: the finding was counted during a test
}

// Found counts n findings of kind k.
func (l *Log) Found(k Kind, n int) {
	l.mu.Lock()
	for range n {
		l.kinds = append(l.kinds, k)
		l.tested = append(l.tested, false)
	}
	l.mu.Unlock()
	l.count.Add(uint64(n))
}

// Count returns the number of findings so far.
func (l *Log) Count() uint64 { return l.count.Load() }

// InTests returns the number of findings attributed to tests.
func (l *Log) InTests() uint64 { return l.inTest.Load() }

// Reset forgets every finding.
func (l *Log) Reset() {
	l.mu.Lock()
	l.kinds, l.tested = nil, nil
	l.mu.Unlock()
	l.count.Store(0)
	l.inTest.Store(0)
}

// Describe says what the findings of the spans of indices [from, to) are,
// as in "2 determinacy races and 1 permission error".
func (l *Log) Describe(spans ...[2]uint64) string {
	var n [numKinds]int
	l.mu.Lock()
	for _, sp := range spans {
		from, to := min(sp[0], uint64(len(l.kinds))), min(sp[1], uint64(len(l.kinds)))
		for _, k := range l.kinds[from:max(from, to)] {
			n[k]++
		}
	}
	l.mu.Unlock()
	return describeCounts(n)
}

// AttributeToTests records that the findings from index from to index to
// were found during a test, which failed for them.
//
// A finding counts once however many tests it is attributed to (tests
// that ran at once, as parallel tests do, all fail for it).
func (l *Log) AttributeToTests(from, to uint64) {
	l.mu.Lock()
	n := uint64(0)
	for i := from; i < to && i < uint64(len(l.tested)); i++ {
		if !l.tested[i] {
			l.tested[i] = true
			n++
		}
	}
	l.mu.Unlock()
	l.inTest.Add(n)
}

// DescribeOutsideTests says what the findings made outside any test are.
func (l *Log) DescribeOutsideTests() string {
	var n [numKinds]int
	l.mu.Lock()
	for i, k := range l.kinds {
		if !l.tested[i] {
			n[k]++
		}
	}
	l.mu.Unlock()
	return describeCounts(n)
}

// describeCounts words counts of findings by kind.
func describeCounts(n [numKinds]int) string {
	var parts []string
	for k, c := range n {
		if c > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c, kindNames[k][min(c-1, 1)]))
		}
	}
	switch len(parts) {
	case 0:
		return "no finding"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
