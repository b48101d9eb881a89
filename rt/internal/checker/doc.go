// Package checker is the determinacy race checker of one process: the
// machinery behind the hooks of package rt, in the way that internal/race
// and the race runtime are behind runtime/race.
//
// Its state is global, as runtime/race's is: the hooks of package rt are
// called from generated code that has no value to pass. Everything else
// it uses is a package with one job that gets what it needs as values:
//
//   - rt/internal/detect, the determinacy race detector of a serial
//     depth-first run (Surendran and Sarkar, RV 2016), which the checker
//     feeds the events of the current Run;
//   - rt/internal/explore, the controlled scheduler of an exploring run and
//     the orchestration of the child processes that explore the orders of
//     isolated sections, which reaches the checker through explore.Host;
//   - rt/internal/permission, the records of permission regions;
//   - rt/internal/report, the reports and the log of findings;
//   - rt/internal/sites, the table of sites that rt.Register fills;
//   - rt/options, the TPINSTR options.
//
// Its API has four parts:
//
//   - The bodies of rt's hooks: Access (every access hook), SetPendingSite
//     (rt.At), End (rt.Exit and rt.OSExit), Found, TestEnd and TestMain
//     (the test hooks).
//   - The events of the checked task library (rt/task, build tag tpinstr),
//     one function per event of the vocabulary of rt/internal/event:
//     RunBegin and RunEnd, Spawn and TaskEnd, FinishBegin and FinishEnd,
//     Get, IsolatedBegin and IsolatedEnd, with TakeSite for the site that
//     rt.At recorded, and the queries Current, Generation, RunNumber and
//     InIsolated. In an exploring run (Exploring), tasks run on goroutines
//     of their own and also call TaskBegin and SpawnYield.
//   - The permission calls, AcquirePermission and ReleasePermission.
//   - GetUnfinished, the deadlock of a Get that waits for itself.
//
// A new kind of synchronisation (goroutines, WaitGroup, channels, mutexes)
// comes in the same way as the task library's: its hooks in package rt
// (or its checked library) call event functions of this package, which
// speak the vocabulary of rt/internal/event to the detector (the sink
// methods of events.go), to the dot option's graph and, in an exploring
// run, to the Explorer. A spawn of any kind is a Spawn of a task, a join
// a FinishEnd or Get, an exclusive section an Isolated pair; an event the
// vocabulary lacks is added to event.Sink first, then to the detector,
// cgraph and the Explorer, whose tests check it against one another.
//
// Files: state.go (the state, the access hook's body and its slow path),
// events.go (task events), exit.go (the end of programs and tests),
// report.go (races: when a report is written or held for exploration),
// settle.go (exploration as the checker drives it), isoconflict.go
// (whether a serial run needs exploring), dot.go (the dot option),
// permission*.go (permission regions).
package checker
