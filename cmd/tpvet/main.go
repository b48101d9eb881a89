// Command tpvet reports possible determinacy races and misuse of the task
// library github.com/tpinstr/tpinstr/rt/task in Go packages. It runs the
// analyzer github.com/tpinstr/tpinstr/analysis/tprace.
//
// Under go vet, which analyzes one package at a time and passes function
// summaries between packages as facts:
//
//	go vet -vettool=$(command -v tpvet) ./...
//
// Standalone, on package patterns, loading and analyzing the packages and
// their dependencies itself:
//
//	tpvet ./...
//	tpvet -json ./...     # diagnostics as JSON
//	tpvet -fix ./...      # apply suggested fixes
//	tpvet -sarif ./...    # diagnostics as a SARIF 2.1.0 log
//
// With -sarif, tpvet loads the packages (and, unless -test=false, their
// tests) itself and writes one SARIF 2.1.0 log on standard output: a rule
// per diagnostic category ("tprace/race", ...), a result per diagnostic
// with the other access of a race as a related location, paths relative
// to the current directory (base %SRCROOT%). It exits 0 when the log is
// written, whatever it reports, as -json does, and 1 when packages do not
// load or type-check.
//
// go vet invokes a vet tool with -V=full (for its build cache), -flags (to
// learn the tool's flags) and then with a *.cfg file describing one package:
// those invocations go to unitchecker, which cannot load package patterns;
// any other invocation goes to singlechecker, which can. Both accept the
// standard analysis flags (-json, -c, -fix, -diff).
package main

import (
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/singlechecker"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/tpinstr/tpinstr/analysis/tprace"
)

func main() {
	if invokedByVet(os.Args[1:]) {
		unitchecker.Main(tprace.Analyzer)
		return
	}
	if wantsSARIF(os.Args[1:]) {
		os.Exit(sarifMain(os.Args[1:], "", nil, os.Stdout, os.Stderr))
	}
	singlechecker.Main(tprace.Analyzer)
}

// invokedByVet reports whether the arguments follow the go vet -vettool
// protocol: -V=full, -flags, or a *.cfg unit description.
func invokedByVet(args []string) bool {
	for _, a := range args {
		flag := strings.TrimLeft(a, "-")
		if a != flag && (flag == "flags" || flag == "V" || strings.HasPrefix(flag, "V=")) {
			return true
		}
		if strings.HasSuffix(a, ".cfg") {
			return true
		}
	}
	return false
}
