//go:build !tpnoseen

package detect

// seenOn enables the filter of repeated reads (seen.go). The tpnoseen
// build tag turns it off, for measuring what it saves.
const seenOn = true
