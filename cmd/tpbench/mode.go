package main

import (
	"fmt"
	"strings"
)

// mode is one of the four ways a kernel is built and run.
type mode int

const (
	modeSerial   mode = iota // go build -tags tpserial
	modeParallel             // go build
	modeChecked              // tpinstr build
	modeRace                 // go build -race, goroutine version
	numModes
)

// String returns the name of m as flags and the table spell it.
func (m mode) String() string {
	switch m {
	case modeSerial:
		return "serial"
	case modeParallel:
		return "parallel"
	case modeChecked:
		return "checked"
	case modeRace:
		return "race"
	}
	return fmt.Sprintf("mode(%d)", int(m))
}

// allModes returns every mode, in the order of the table.
func allModes() []mode { return []mode{modeSerial, modeParallel, modeChecked, modeRace} }

// parseModes reads a comma-separated list of mode names, in the order of
// the table whatever the order of the list.
func parseModes(list string) ([]mode, error) {
	want := map[mode]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, m := range allModes() {
			if m.String() == name {
				want[m], found = true, true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown mode %q (known: serial, parallel, checked, race)", name)
		}
	}
	var out []mode
	for _, m := range allModes() {
		if want[m] {
			out = append(out, m)
		}
	}
	return out, nil
}
