// Package mhp decides which accesses of a Program Structure Tree (package
// pst) may happen in parallel, following Agarwal, Barik, Sarkar and
// Shyamasundar, "May-Happen-in-Parallel Analysis of X10 Programs" (PPoPP
// 2007): the Never-Execute-in-Parallel relation with condition vectors
// (Figure 2, Tree.NEP), place equivalence (Figure 6) and MHP with atomic
// sections (Figure 7, Tree.MHP), extended to what Go and the task library
// add: futures and their Get (including Gets inside other futures' bodies,
// the non-tree joins of Surendran and Sarkar's futures paper), goroutines
// and closures, calls (function summaries, Summarize and Analyze).
//
// Two more rules order futures: a Get that happens before an access orders
// it after the future's body (futureOrders, completedBefore, including a Get
// inside another future that is got), and futures stored into a slice by
// one loop and all got by a later loop (slotGotBefore). Which elements two
// accesses may share is package pst's question (pst.Overlaps, with its
// dependence test for affine subscripts and slice spans).
//
// On top of MHP it enumerates conflicting pairs of accesses (Conflicts), the
// basis of the analyzer's race reports, and decides which access sites the
// instrumentation may leave out (Prune).
//
// # Soundness
//
// A result "never in parallel" must hold in every execution. Where the paper
// or the mapping of Go onto the PST leaves a doubt, the analysis answers
// "may be in parallel"; the deviations from the paper's figures this
// requires are documented on the functions that implement each figure.
//
// What the analysis assumes, and does not check:
//
//   - Memory is reached only through the variables, pointers, fields and
//     elements the code names, and through the local pointers, slices and
//     unsafe.Pointer or uintptr values package pst resolves (see its
//     aliases): no reflection writing a variable whose address was never
//     taken, no cgo. Whatever reaches memory otherwise (a pointer loaded
//     from the heap, returned by a call, or computed by unsafe arithmetic
//     on memory the code never names) is compared by its own path only,
//     except the one object of a singleton type of package main reached
//     by an interface call (see package pst).
//     Pruning does not depend on this: it only leaves out accesses to the
//     storage of variables whose address is never taken.
//   - A panic ends the program or is reported at an enclosing Finish or Get,
//     as the task library does. Code that runs while a panic unwinds
//     (deferred calls, including those of callers, and whatever runs after
//     a recover) is not ordered after a future whose Get the panic skipped.
//     Within one function the future rules are off when deferred calls
//     exist; across calls a summary still counts such a future as joined.
//   - Synchronisation outside the task library (channels, locks, atomics,
//     sync.WaitGroup) orders nothing: two accesses it orders may still be
//     reported, and are never pruned on its account.
package mhp
