// Package randprog generates random task-parallel programs, runs them in the
// serial depth-first order of a checked execution and emits their events, so
// that the race detector (package detect) can be compared with the exact
// computation-graph oracle (package cgraph) on thousands of programs.
//
// A program is a tree of statements: Async, Finish, Future (which records a
// handle), Get (of a handle), Isolated, Read and Write of a few bytes of a
// small arena. Programs have no data-dependent control flow, so the serial
// execution order is the textual order of the tree, and a generator that
// walks the tree in that order knows, at every Get it places, which futures
// have already ended.
//
// Generate builds a program from a seed and a Config; Run emits its events to
// an event.Sink; String prints it for failure messages; Shrink reduces a
// program that shows a failure to a smaller one that still does.
package randprog
