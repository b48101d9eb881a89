package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/tpinstr/tpinstr/instrument/checkbuild"
	"github.com/tpinstr/tpinstr/rt/options"
)

// A topic is one page of `tpinstr help`.
type topic struct {
	short string // one line for the list of topics
	usage string // the usage line, for commands
	long  string
}

const checkFlags = `
Flags of tpinstr, accepted wherever the go command accepts its own flags:

	-work
		print the temporary work directory (TPINSTR_WORK=...) and keep it:
		overlay.json and the rewritten files. The go command gets -work too.
	-stats
		print, per rewritten package, the memory access sites found, the
		hooks inserted, the sites pruned by the static analysis, the sites
		another hook stands for (repeated accesses, loops over slices), the
		task-library calls given a site, the sites that could not be given
		a hook, and whether the rewrite came from the cache.
	-instr.add pattern
		also rewrite the packages matching pattern (an import path pattern,
		or ./dir/... for directories); repeatable.
	-instr.skip pattern
		do not rewrite the packages matching pattern; repeatable.
	-instr.nocache
		neither read nor write the cache of rewritten files.
	-instr.noprune
		keep the hooks that the static analysis proves useless (accesses of
		variables that never run in parallel with a conflicting access).
		Verdicts are the same with and without it; it is for measuring and
		for ruling out the analysis when in doubt.
	-instr.disable name,...
		switch off the named optimizations of the rewriter: straight,
		ifjoin, sliceloop, computed, downloop, invariant, construn,
		spanrun, pure and callee leave out
		hooks whose accesses another hook of the same step records; private
		leaves out the hooks of objects that a function allocates and never
		lets another goroutine or task reach; closure leaves out the hooks
		of variables that only function literals called on their
		declarer's goroutine capture; commute
		lets schedule exploration take one order of commutative Isolated
		sections and mutex sections (package instrument documents each). Switched off, the
		hooks stay in and verdicts are the same. Like -instr.noprune, it is
		for measuring and for ruling an optimization out when in doubt.
	-x
		also print tpinstr's steps (which packages were rewritten or taken
		from the cache, and the go commands it runs).

Every other flag is passed to the go command unchanged. -tags adds to the
tpinstr tag, which selects the checked build of rt/task (tags set in GOFLAGS
are kept the same way). -C and -exec work
as in the go command. -overlay is merged with tpinstr's own, but may not
replace files of packages that tpinstr rewrites. -cover, -covermode,
-coverpkg and -coverprofile are refused: the go command ignores -overlay
for coverage (golang/go#73802), so the result would be the unchecked
program's.

Packages are checked in any module, in a go.work workspace, and as files
outside any module, and the go.mod need not require github.com/tpinstr/tpinstr.
A checked build always links tpinstr's own runtime (rt, rt/task,
rt/internal/...), which the tpinstr binary carries, whatever version of the
module the go.mod requires, if any: in a module through a copy of the go.mod
(or of the -modfile given) that requires the module and replaces it by a
copy of the runtime, passed with -modfile; in a workspace through the go.work
with a use of that copy, in the overlay; outside a module through GOWORK.
-x prints which. In vendor mode (-mod=vendor, or a vendor directory) the
overlay puts the runtime in the vendor directory where the go command
accepts it without a line in vendor/modules.txt, which it reads from disk
only: where the module's go version is older than 1.23. Otherwise the build
runs in a workspace in tpinstr's cache directory (GOWORK): its go.work uses
the module and the runtime and repeats the go.mod's replace directives, and
its vendor directory holds the module's modules.txt, marked for a workspace,
and links to the module's vendored packages, so that the go command still
builds from the user's vendor directory, with the same checks (a vendored
copy of github.com/tpinstr/tpinstr gives way to the runtime). Test
binaries see the user's GOWORK and GOFLAGS, as under go test.
`

var topics = map[string]topic{
	"build": {
		short: "compile packages and dependencies, checked",
		usage: usage("build"),
		long: `
Build compiles the named packages like 'go build', with the packages of the
main module rewritten to report their memory accesses and task-library calls
to the determinacy race checker, and the checked build of rt/task. A binary
built this way runs its tasks one at a time, depth first, and reports every
determinacy race that any schedule could show for its input; it exits with
status 66 after a race (see 'tpinstr help options').

The user's files are never written: the rewritten files live in a temporary
directory and reach the compiler through 'go build -overlay'.
` + checkFlags,
	},
	"run": {
		short: "compile and run a checked Go program",
		usage: usage("run"),
		long: `
Run compiles the named main package (or .go files) like 'go run', checked as
by 'tpinstr build', and runs it with the arguments. Its exit status is the
program's own: 66 after a determinacy race, by default. (go run would report
any failure as status 1; tpinstr builds the binary and runs it itself.)

A pattern with "..." that matches several main packages, as in

	tpinstr run ./testdata/programs/...

builds all of them and runs each in turn, without arguments, after a line
"=== tpinstr run ./dir". A summary ends the output, one line per program:
ok, race (it exited with the race status) or exit N. The status is the race
status if any program reported a race, else the first non-zero status, else 0.
In this form "..." also descends into testdata directories, unlike the go
command's patterns.
` + checkFlags,
	},
	"test": {
		short: "test packages, checked",
		usage: usage("test"),
		long: `
Test runs the tests of the named packages like 'go test', checked as by
'tpinstr build'. A test during which a determinacy race was found fails, as
with 'go test -race'; a race found outside any test fails the package.

Each test's checked run writes its verdict line (every schedule of its
input, N schedules, or this schedule only), which go test shows for a
passing package only with -v. So once go test is done, tpinstr prints, for
each package whose test binary ran (not one whose result go test took from
its cache), a line that says in how many of its tests every schedule was
checked, and the verdict of each test where it was not.

An example function with an output comment is checked as a test is: its
schedules are explored in runs of that example alone, and a race found
while it ran fails it, with the line "tpinstr: N data races found during
execution of this example" after its output (an example has no *testing.T;
package testing shows that line among the output it got).

For a package whose tests have no TestMain, tpinstr adds one in a generated
file (zz_tpinstr_main_test.go, in the overlay only). A TestMain of the user's
needs nothing: its call of os.Exit is rewritten to report races too. A test
that looks at its own call stack (runtime.Callers) sees the added TestMain
between testing.(*M).Run and main.main.

Subtests that call t.Parallel are checked beside one another: the rest of
each runs, as in the program, after its parent's test function returned,
and a race between two of them is found in one run, whichever order package
testing ran them in (go test -race finds it only when they happen to run at
once). When their synchronisation with one another could go another way
(two sections of one mutex that do not commute), the test's verdict says
"this schedule only", naming the t.Parallel: package testing, not tpinstr,
chooses their order. A subtest follows what its caller did before t.Run,
and the caller what the subtest did, as package testing orders them.

tpinstr test passes -parallel=1 unless -parallel is given: a checked binary
runs one task.Run at a time and attributes each race to the test running
when it was found, so parallel tests would only wait for one another. The
parallel parts of the top-level tests that call t.Parallel are still
checked beside one another, in one run whose verdict the last of them
writes (TPINSTR=parallel_tests=alone checks each in runs of its own,
exploring its orders but not its races with the others). It passes
-vet=off unless -vet is given, since the vet checks of go test would
see the rewritten files; run 'go vet' on your sources instead.
` + checkFlags,
	},
	"hook": {
		short: "install a git pre-commit hook that runs tpvet",
		usage: "tpinstr hook install [-force]",
		long: `
Hook install writes a pre-commit hook into the git repository of the current
directory. Before each commit, the hook runs tpvet (through
'go vet -vettool=$(command -v tpvet)') on the packages whose Go files the
commit adds or changes, and refuses the commit when tpvet reports a possible
determinacy race or a misuse of the task library. It needs tpvet on PATH
(go install github.com/tpinstr/tpinstr/cmd/tpvet@latest).

An existing pre-commit hook is never replaced unless -force is given. With
the pre-commit framework, use the tpvet hook of this repository's
.pre-commit-hooks.yaml instead.
`,
	},
	"clean": {
		short: "remove the cache of rewritten files",
		usage: "tpinstr clean",
		long: `
Clean deletes the cache of rewritten files (see 'tpinstr help cache').
`,
	},
	"version": {
		short: "print tpinstr's version",
		usage: "tpinstr version",
		long: `
Version prints tpinstr's module version, the version control revision it
was built from when known, and the Go version, operating system and
architecture it was built with.
`,
	},
	"options": {
		short: "options of checked programs (TPINSTR)",
		long: `
A checked program reads its options from the environment variable TPINSTR:
space-separated key=value pairs, as GORACE is for Go's race detector.

` + options.Usage() + `
A run that executed isolated sections of several tasks is one schedule
among others: the order of isolated sections can change what the program
does. At its end the program runs itself again, once per order of the
isolated sections that can change its computation graph (with its output
discarded), checks each, and prints the races and deadlocks of every
schedule with the schedule that shows them, then a verdict such as
"tpinstr: checked every schedule of this input: explored 3 schedules of
the isolated sections". When the max_schedules limit stops it, the
verdict says how many schedules were checked, not that the program is
race-free.
Each re-run is a whole run of the program with the same arguments and
environment: effects outside the process (files written, requests sent)
happen again in every schedule explored; set explore=0 for such programs.

For example:

	TPINSTR='exitcode=3 json=races.jsonl' tpinstr run ./cmd/solver
`,
	},
	"cache": {
		short: "the cache of rewritten files",
		long: `
tpinstr keeps every package it rewrites in a cache, so that a package is
rewritten again only when something its rewrite depends on has changed: its
files, the files and types of the packages it imports, its module's go.mod
and go.sum, the build tags and flags, the Go version, or tpinstr itself.
When every package is in the cache, tpinstr does not even type-check.

The cache is in the tpinstr directory of the user cache directory
($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
%LocalAppData% on Windows), or where the environment variable TPINSTRCACHE
says (an absolute path; "off" disables the cache). Entries unused for five
days are deleted. 'tpinstr clean' deletes the cache; -instr.nocache bypasses
it for one command.
`,
	},
}

// usage returns the usage line of a command of package checkbuild.
func usage(command string) string {
	return strings.TrimPrefix(checkbuild.UsageLine(command), "usage: ")
}

// printUsage prints the list of commands and topics.
func printUsage(w io.Writer) {
	fmt.Fprint(w, `tpinstr proves concurrent Go programs free of races for every schedule of
an input, or shows the race: task-parallel programs written with its task
library, and plain Go with goroutines, channels, sync and sync/atomic. It
builds, runs and tests them like the go command, with their packages
rewritten for the checker.

Usage:

	tpinstr <command> [arguments]

The commands are:

`)
	var cmds, others []string
	for name, t := range topics {
		if t.usage != "" {
			cmds = append(cmds, name)
		} else {
			others = append(others, name)
		}
	}
	sort.Strings(cmds)
	sort.Strings(others)
	for _, c := range cmds {
		fmt.Fprintf(w, "\t%-10s %s\n", c, topics[c].short)
	}
	fmt.Fprint(w, "\nUse \"tpinstr help <command>\" for more information about a command.\n\nAdditional help topics:\n\n")
	for _, o := range others {
		fmt.Fprintf(w, "\t%-10s %s\n", o, topics[o].short)
	}
	fmt.Fprint(w, "\nUse \"tpinstr help <topic>\" for more information about that topic.\n")
}

// help runs `tpinstr help [topic]`.
func help(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		printUsage(stdout)
		return 0
	case 1:
		t, ok := topics[args[0]]
		if !ok {
			fmt.Fprintf(stderr, "tpinstr help %s: unknown help topic. Run 'tpinstr help'.\n", args[0])
			return 2
		}
		if t.usage != "" {
			fmt.Fprintf(stdout, "usage: %s\n%s", t.usage, t.long)
		} else {
			fmt.Fprint(stdout, strings.TrimPrefix(t.long, "\n"))
		}
		return 0
	}
	fmt.Fprintln(stderr, "usage: tpinstr help command\n\nToo many arguments given.")
	return 2
}
