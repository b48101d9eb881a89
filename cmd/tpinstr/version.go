package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

// version describes this build of tpinstr: its module version, the
// revision it was built from when the build recorded one, and the Go
// toolchain, system and architecture it was built with.
func version() string {
	v := "(unknown)"
	rev := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		v = bi.Main.Version
		modified := false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev != "" && modified {
			rev += "+dirty"
		}
	}
	if rev != "" {
		v += " " + rev
	}
	return fmt.Sprintf("tpinstr version %s %s %s/%s", v, runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
