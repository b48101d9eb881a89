// Package tprace defines an analyzer that reports possible determinacy races
// and misuse of the task library github.com/tpinstr/tpinstr/rt/task.
//
// # Analyzer tprace
//
// tprace: report possible determinacy races and misuse of the task library
//
// The analyzer builds the Program Structure Tree of every function (package
// pst) and asks the may-happen-in-parallel analysis of Agarwal, Barik,
// Sarkar and Shyamasundar (PPoPP 2007), extended to futures, goroutines,
// closures and calls (package mhp), which pairs of accesses may run in
// parallel. Calls into other packages use function summaries exported as
// facts (type Summary): effects on package-level variables and on memory
// reached through arguments, how function arguments are invoked, whether
// tasks outlive the call. Facts are plain gob-encoded structures, so the
// analyzer runs under go vet -vettool, under any checker driver, and under
// Bazel's nogo.
//
// Diagnostics are warnings about what may happen, from a static view of the
// program; the checked build of tpinstr (tpinstr test) decides for one
// input. Where the static view is unsure, race reports lean towards silence
// (the assumptions of pst.Config.Precise): accesses through two different
// pointer variables are compared only where the analysis sees what the
// pointers were set to (the address of a variable, a slice of a slice or
// array, an unsafe view, a copy of another such pointer: see package pst),
// a function literal given to unknown code without a task handle is taken
// to run during the call, code in goroutines and closures of unknown use
// is not reported.
//
// What makes two accesses in tasks distinct memory: an index or a slice
// span that is an affine function of loop iteration variables and of
// variables fixed for the call (a[i], a[2*i+1], a[i*n+j] with a constant
// n, grid[i][j], a[lo:mid] against a[mid:], a[k*c:(k+1)*c]) decided by a
// dependence test (GCD, Banerjee bounds and an exact check of small
// cases); slices swapped between two variables (cur, next = next, cur);
// slice ends bounded by min or by assignments that only lower them
// (if hi > n { hi = n }); futures stored into a slice by one loop, or into
// a map under the distinct sorted keys of another map, and all got by a
// later one in any order; calls through function values, method values,
// fields holding either or function literals, and interfaces, which get
// the effects of every candidate of the package (class hierarchy
// analysis); task-library calls through variables holding method values
// (spawn := t.Async). See packages pst and mhp for the rules and the
// argument of their soundness.
//
// # Categories
//
// Each diagnostic carries one of these categories (Diagnostic.Category),
// stable across versions, so that drivers and CI can filter on them:
//
//	race            two accesses to one variable (or to the same field,
//	                element or bytes of it), at least one a write, may run
//	                in parallel; an access through a pointer or slice names
//	                the variable it may reach and the expression the code
//	                wrote ("the write of x through *p"). The message names
//	                both accesses with their positions and the reason: the
//	                task that is not joined, the loop whose iterations
//	                overlap, the Finish that joins both. The second access
//	                is also attached as related information, even when it
//	                is the same code run by another task or iteration. Nothing is reported when NEP (Figure 2 of
//	                the paper), Isolated (Figure 7) or a Get proves order.
//	isolated        Async, NewFuture, Finish, ForAll, ForAsync or Run inside
//	                an Isolated body (they panic there), Get inside one (it
//	                can deadlock), or a call of a function whose summary says
//	                it may do one of these.
//	foreign-handle  a task handle used inside the body of another task (an
//	                Async, ForAll, ForAsync, NewFuture or Run body, or a
//	                goroutine) that received its own: typically the outer t
//	                captured instead of the body's parameter. The suggested
//	                fix uses the body's handle.
//	stored-handle   a task handle stored where it may outlive its task: a
//	                package-level variable, a field, an element, memory
//	                behind a pointer, a channel, or a variable declared
//	                outside the task body that stores it.
//	self-get        Get of a future inside its own body: it waits for
//	                itself and never returns.
//	empty-finish    (informational) a Finish whose body certainly spawns no
//	                task it would join: it waits for nothing.
//
// # Editors and hooks
//
// See docs/tpvet.md at the root of the module for go vet, editors (VS Code,
// vim and neovim), golangci-lint (the module plugin in the nested module
// analysis/tprace/golangci) and pre-commit.
package tprace
