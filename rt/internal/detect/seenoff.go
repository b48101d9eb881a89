//go:build tpnoseen

package detect

// seenOn is false in builds with the tpnoseen tag: see seenon.go.
const seenOn = false
