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
