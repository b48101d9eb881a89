package rt

import (
	"fmt"
	"strings"
	"sync"
)

// What the checker counts. A test fails, and a program exits with the exit
// code option, for any of them; the message that says so names each kind,
// so that a permission error is not called a race.

// findingKind is the kind of one counted finding.
type findingKind uint8

const (
	findRace       findingKind = iota // a determinacy race report
	findPermission                    // a permission error or conflicting regions
	findDeadlock                      // a deadlock some schedule reached
	findFailure                       // a schedule that failed without a verdict
	numFindingKinds
)

var findingNames = [numFindingKinds][2]string{
	findRace:       {"determinacy race", "determinacy races"},
	findPermission: {"permission error", "permission errors"},
	findDeadlock:   {"deadlock", "deadlocks"},
	findFailure:    {"failed schedule", "failed schedules"},
}

// findingLog is the kinds of the findings counted so far, in order, so
// that a stretch of them (a test's) can be described.
type findingLog struct {
	mu     sync.Mutex
	kinds  []findingKind
	inTest []bool // by index: the finding was counted during a test
}

// found counts n findings of kind k.
func (st *state) found(k findingKind, n int) {
	st.findings.mu.Lock()
	for range n {
		st.findings.kinds = append(st.findings.kinds, k)
		st.findings.inTest = append(st.findings.inTest, false)
	}
	st.findings.mu.Unlock()
	st.races.Add(uint64(n))
}

// describe says what the findings from index from to index to are, as in
// "2 determinacy races and 1 permission error".
func (st *state) describe(from, to uint64) string {
	var n [numFindingKinds]int
	st.findings.mu.Lock()
	for _, k := range st.findings.kinds[min(from, uint64(len(st.findings.kinds))):min(to, uint64(len(st.findings.kinds)))] {
		n[k]++
	}
	st.findings.mu.Unlock()
	return describeCounts(n)
}

// attributeToTests records that the findings from index from to index to
// were found during a test, which failed for them.
func (st *state) attributeToTests(from, to uint64) {
	st.findings.mu.Lock()
	for i := from; i < to && i < uint64(len(st.findings.inTest)); i++ {
		st.findings.inTest[i] = true
	}
	st.findings.mu.Unlock()
	st.testRaced.Add(to - from)
}

// describeOutsideTests says what the findings made outside any test are.
func (st *state) describeOutsideTests() string {
	var n [numFindingKinds]int
	st.findings.mu.Lock()
	for i, k := range st.findings.kinds {
		if !st.findings.inTest[i] {
			n[k]++
		}
	}
	st.findings.mu.Unlock()
	return describeCounts(n)
}

// describeCounts words counts of findings by kind.
func describeCounts(n [numFindingKinds]int) string {
	var parts []string
	for k, c := range n {
		if c > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", c, findingNames[k][min(c-1, 1)]))
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
