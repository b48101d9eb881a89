package main

import (
	"errors"
	"fmt"
	"time"
)

// cell is everything measured of one kernel in one mode.
type cell struct {
	buildErr error // set when the binary could not be built
	samples  []sample
}

// summary is what the table shows of a cell.
type summary struct {
	median   time.Duration
	hasTime  bool   // at least one run succeeded
	peak     int64  // largest peak RSS over the runs in bytes, -1 when unknown
	mark     string // what went wrong, "" when every run succeeded
	failures int    // runs that did not succeed
}

// summarize computes the median time of the successful runs, the largest
// peak memory over all runs that were measured, and a mark naming the
// commonest failure.
func (c *cell) summarize() summary {
	s := summary{peak: -1}
	switch {
	case c == nil:
		return s
	case errors.Is(c.buildErr, errUnavailable):
		s.mark = "unavailable"
		return s
	case c.buildErr != nil:
		s.mark = "build failed"
		return s
	}
	var times []time.Duration
	counts := map[outcome]int{}
	for _, x := range c.samples {
		if x.outcome == outcomeOK {
			times = append(times, x.wall)
		} else {
			counts[x.outcome]++
			s.failures++
		}
		if x.maxRSS > s.peak && x.outcome != outcomeTimeout {
			s.peak = x.maxRSS
		}
	}
	s.median, s.hasTime = median(times)
	if s.failures > 0 {
		worst, n := outcomeOK, 0
		for _, o := range []outcome{outcomeRace, outcomeFailed, outcomeTimeout, outcomeNotBuilt} {
			if counts[o] > n {
				worst, n = o, counts[o]
			}
		}
		s.mark = worst.String()
		if s.hasTime {
			s.mark = fmt.Sprintf("%d of %d %s", s.failures, len(c.samples), worst)
		}
	}
	return s
}

// failed reports whether the cell counts against the exit status: a build
// or run failure, but not an unavailable mode.
func (c *cell) failed() bool {
	if c == nil || errors.Is(c.buildErr, errUnavailable) {
		return false
	}
	if c.buildErr != nil {
		return true
	}
	for _, x := range c.samples {
		if x.outcome != outcomeOK {
			return true
		}
	}
	return false
}

// timedOut reports whether a run of the cell was killed at the timeout.
func (c *cell) timedOut() bool {
	for _, x := range c.samples {
		if x.outcome == outcomeTimeout {
			return true
		}
	}
	return false
}
