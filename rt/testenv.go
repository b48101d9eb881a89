package rt

import (
	"os"
	"strconv"
	"strings"
)

// testEnvVar is the environment variable through which `tpinstr test` hands
// a checked test binary the user's values of the variables that the build
// changed for the go command to link tpinstr's runtime (GOWORK, GOFLAGS,
// GOPATH): the go command passes its environment on to the test binaries
// it runs. (instrument/checkbuild writes it.) Its value is a list of entries separated by spaces: -NAME, a
// variable the user did not set, or NAME="value" (a Go quoted string).
const testEnvVar = "TPINSTR_TESTENV"

// The package's initialization restores the user's environment before the
// packages of the program that import rt (every rewritten package) are
// initialized, so that a test that reads those variables, or runs the go
// command, sees what it would under go test; the processes the checker
// starts to explore schedules inherit the restored environment.
func init() { restoreTestEnv() }

// restoreTestEnv applies and removes testEnvVar, if set. A malformed value
// is left alone.
func restoreTestEnv() {
	v, ok := os.LookupEnv(testEnvVar)
	if !ok {
		return
	}
	set, unset, ok := parseTestEnv(v)
	if !ok {
		return
	}
	for _, k := range unset {
		os.Unsetenv(k)
	}
	for _, kv := range set {
		os.Setenv(kv[0], kv[1])
	}
	os.Unsetenv(testEnvVar)
}

// parseTestEnv parses a value of testEnvVar into the variables to set
// (name and value) and those to unset. It reports false when the value is
// malformed.
func parseTestEnv(v string) (set [][2]string, unset []string, ok bool) {
	for v = strings.TrimLeft(v, " "); v != ""; v = strings.TrimLeft(v, " ") {
		if name, rest, _ := strings.Cut(v[1:], " "); v[0] == '-' {
			if name == "" || strings.Contains(name, "=") {
				return nil, nil, false
			}
			unset, v = append(unset, name), rest
			continue
		}
		name, rest, found := strings.Cut(v, "=")
		if !found || name == "" || strings.Contains(name, " ") {
			return nil, nil, false
		}
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return nil, nil, false
		}
		val, err := strconv.Unquote(q)
		if err != nil {
			return nil, nil, false
		}
		set, v = append(set, [2]string{name, val}), rest[len(q):]
		if v != "" && v[0] != ' ' {
			return nil, nil, false
		}
	}
	return set, unset, true
}
