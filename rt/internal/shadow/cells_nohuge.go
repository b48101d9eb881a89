//go:build unix && !linux

package shadow

// adviseHuge does nothing where there is no such advice to give.
func adviseHuge([]byte) {}
