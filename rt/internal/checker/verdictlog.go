package checker

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	"github.com/tpinstr/tpinstr/rt/options"
)

// verdictLog appends the verdicts of this process to the file of
// options.VerdictsEnv's directory, if set (read with syscall.Getenv: see
// there).
type verdictLog struct {
	opened bool
	f      *os.File // nil when there is no directory, or it failed
	pkg    string
	test   string // the test whose verdict is being written
}

// record appends the verdict line to the log.
func (v *verdictLog) record(line string) {
	if !v.opened {
		v.opened = true
		dir, ok := syscall.Getenv(options.VerdictsEnv)
		if !ok || dir == "" {
			return
		}
		f, err := os.OpenFile(filepath.Join(dir, strconv.Itoa(os.Getpid())), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
		if err != nil {
			return // the verdict is on standard error all the same
		}
		v.f = f
		if bi, ok := debug.ReadBuildInfo(); ok {
			v.pkg = strings.TrimSuffix(bi.Path, ".test")
		}
	}
	if v.f == nil {
		return
	}
	b, err := json.Marshal(options.Verdict{Pkg: v.pkg, Test: v.test, Verdict: line})
	if err != nil {
		return
	}
	v.f.Write(append(b, '\n'))
}
