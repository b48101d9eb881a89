package check

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// profileEnv names the environment variable that makes a kernel write a
// CPU profile of its whole run (for `go tool pprof`) to the file it names.
// Every kernel imports this package, so the profile starts before main and
// stops in Done.
const profileEnv = "TPBENCH_CPUPROFILE"

var profiling bool

func init() {
	name := os.Getenv(profileEnv)
	if name == "" {
		return
	}
	f, err := os.Create(name)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", profileEnv, err)
		return
	}
	profiling = true
}

// stopProfile ends the CPU profile, if one is being written.
func stopProfile() {
	if profiling {
		pprof.StopCPUProfile()
		profiling = false
	}
}
