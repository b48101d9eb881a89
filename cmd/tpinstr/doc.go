/*
Tpinstr proves task-parallel Go programs free of determinacy races, or shows
the race. It builds, runs and tests programs written with the task library
github.com/tpinstr/tpinstr/rt/task like the go command does, with their
packages rewritten to report every memory access and task-library call to a
checker.

A checked program runs its tasks one at a time, depth first, and reports
every determinacy race that any schedule of the program could show for the
input it ran on: two accesses to the same memory, at least one a write, by
tasks that the program's Finish, Get and Isolated calls do not order.

Usage:

	tpinstr <command> [arguments]

The commands are:

	build       compile packages and dependencies, checked
	run         compile and run a checked Go program
	test        test packages, checked
	clean       remove the cache of rewritten files
	hook        install a git pre-commit hook that runs tpvet
	version     print tpinstr's version
	help        print the help of a command or topic

# Build, run and test

	tpinstr build [-o output] [build flags] [packages]
	tpinstr run [build flags] [-exec xprog] package [arguments...]
	tpinstr test [build/test flags] [packages] [build/test flags & test binary flags]

They take the arguments of go build, go run and go test, and pass every flag
to the go command, except those below. The user's files are never written:
the rewritten files are kept in a temporary work directory and reach the
compiler through the go command's -overlay flag, and the build has the tag
tpinstr, which selects the checked build of rt/task.

tpinstr run builds the program and runs the binary itself, so the program's
exit status is the command's (go run reports any failure as 1). A pattern
with "..." that matches several main packages runs all of them in turn:

	tpinstr run ./testdata/...

prints "=== tpinstr run ./dir" before each program and a summary at the end
(ok, race, or exit N per program), and exits with the race status if any
program reported a race, else with the first non-zero status. In this form
"..." also descends into testdata directories, unlike the go command's
patterns, and the programs get no arguments.

tpinstr test passes -parallel=1 unless -parallel is given: a checked binary
runs one task.Run at a time and attributes a race to the test during which
it was found, so parallel tests would only wait for one another. It passes
-vet=off unless -vet is given, because go test's vet checks would see the
rewritten files; vet your sources with go vet (and tpvet) instead. A test
package without a TestMain gets one (zz_tpinstr_main_test.go, only in the
overlay) that fails the package when a race is found outside any test.

# Flags

These flags are tpinstr's. They are accepted wherever the go command accepts
its own flags; their names cannot clash with the go command's.

	-work
		Print the work directory (TPINSTR_WORK=...) and do not delete it.
		The go command gets -work too.
	-stats
		Print, for each rewritten package, the memory access sites found,
		the hooks inserted, the sites pruned by the static analysis, the
		task-library calls given a site, the sites that could not be given
		a hook, and whether the rewrite came from the cache.
	-instr.add pattern
		Also rewrite the packages that match pattern: an import path
		pattern such as example.com/lib/..., or a directory pattern such as
		../lib/.... Repeatable.
	-instr.skip pattern
		Do not rewrite the packages that match pattern. Repeatable.
	-instr.nocache
		Neither read nor write the cache of rewritten files.

Of the go command's flags, these work differently:

	-tags list
		Added to the tag tpinstr: the build gets -tags=tpinstr,list. Tags
		set in GOFLAGS are kept the same way.
	-x
		Also prints tpinstr's steps: which packages were rewritten or taken
		from the cache, and the go commands it runs.
	-overlay file
		Merged with tpinstr's overlay. It may not replace or add files of
		packages that tpinstr rewrites (leave those out with -instr.skip),
		nor delete files.
	-cover, -covermode, -coverpkg, -coverprofile
		Refused: the go command ignores -overlay for coverage builds
		(golang/go#73802), so coverage would measure the unchecked program.

# What is rewritten

By default the packages of the main module are rewritten (of every module of
a go.work workspace), with their tests for tpinstr test. -instr.add adds
packages, -instr.skip removes them. These are never rewritten:

  - the standard library;
  - dependencies in the module cache: the go command does not apply an
    overlay to them (to check a dependency, replace it with a local copy in
    go.mod and add it with -instr.add);
  - tpinstr's own runtime packages (github.com/tpinstr/tpinstr/rt/...).

In a rewritten package, every read or write of memory that another task
could reach gets a hook (package-level variables, captured or address-taken
locals, fields and elements reached through them or through pointers, slice
elements, maps as one location), and every task-library call gets the
position of its call site. Files that import "C" are left as they are.

# Limits

Like Go's race detector, tpinstr checks what it sees:

  - Only executions are checked, for the input given: every schedule of
    that execution, but not code the input does not reach.
  - Only rewritten code is checked. Accesses made by the standard library,
    by dependencies that are not rewritten, by cgo or by assembly are not
    seen, and neither are accesses that the rewriter could not give a hook
    without changing the program (-stats counts them as skipped).
  - Tasks are ordered only by the task library: Finish, Get and Isolated.
    Channels, mutexes and atomics between tasks are not understood, and
    since checked tasks run one at a time, a task that waits on a channel
    for a task that has not yet run deadlocks the checked program.
  - A checked program is slower and uses more memory than the normal
    build: every access is recorded, and tasks run on one core.

# Options of checked programs

A checked program reads its options from the environment variable TPINSTR:
space-separated key=value pairs, as GORACE is for Go's race detector.

	exitcode=N        exit status when a race was found (default 66)
	json=PATH         also write every report to PATH, one JSON object a line
	dot=PATH          write the computation graph to PATH in Graphviz DOT
	halt_on_error=1   exit at the first report
	explore=0         do not explore the orders of isolated sections
	max_schedules=N   explore at most N schedules (default 1000)
	replay=SCHEDULE   run exactly the schedule of isolated sections that a
	                  report names, with the program's output
	commute=0         also explore the orders of commutative isolated
	                  updates such as count++ (for measurements)
	permissions=strict
	                  also report accesses to locations that two tasks
	                  touch made outside permission regions (task.AcquireR
	                  and friends) and Isolated bodies

A run that executed isolated sections of several tasks is one schedule
among others: the order of isolated sections can change what the program
does. At its end the program runs itself again, once per order of the
isolated sections that can change its computation graph (with its output
discarded), checks each, and prints the races and deadlocks of every
schedule with the schedule that shows them, then a line such as
"tpinstr: explored 3 schedules of the isolated sections". When the
max_schedules limit stops it, it says that no race was found in the
schedules explored, not that the program is race-free.
Each re-run is a whole run of the program with the same arguments and
environment: effects outside the process (files written, requests sent)
happen again in every schedule explored; set explore=0 for such programs.

# Exit status

tpinstr build and tpinstr test exit as go build and go test do: 0 on success,
1 when a package fails to build or a test fails (a test fails when a race was
found during it). tpinstr run exits with the program's status: 66 (or the
exitcode option) when a race was found. Errors found while loading the
packages (syntax and type errors) are printed as the compiler prints them,
and the command exits with 1 without building. A command line tpinstr cannot
accept exits with 2. A command ended by a signal exits with 128 plus the
signal's number, after passing the signal to the program or go command it
was running and removing its work directory.

# The cache

Rewritten packages are cached, so that a package is rewritten again only
when something its rewrite depends on has changed: its files, the files and
types of the packages it imports, its module's go.mod and go.sum, the build
tags and flags, the Go version, or tpinstr itself. When every package is in
the cache, tpinstr does not type-check at all.

The cache is the tpinstr directory in the user cache directory
(os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux), or the absolute path
in the environment variable TPINSTRCACHE; TPINSTRCACHE=off turns it off.
Entries unused for five days are deleted. tpinstr clean deletes the whole
cache; -instr.nocache ignores it for one command.

# Troubleshooting

Paths in the go command's output that point into the work directory are
shown as the user's files, or as $TPINSTR_WORK. To see what was compiled,
keep the work directory:

	$ tpinstr build -work ./cmd/solver
	TPINSTR_WORK=/tmp/tpinstr-1234
	WORK=/tmp/go-build5678

It holds overlay.json, which maps each rewritten file of the user's to its
rewritten version under src/, and for tpinstr run the binary under exe/.
The build can be repeated by hand, without tpinstr:

	go build -overlay=/tmp/tpinstr-1234/overlay.json -tags=tpinstr ./cmd/solver

A rewritten file keeps every line of the original on the same line number,
so a message about line N of a rewritten file is about line N of the
original. -x prints which packages were rewritten and the go commands run;
-instr.skip can leave out a package whose rewrite is in question, and
-instr.nocache rules out a stale cache (tpinstr clean empties it).
*/
package main
