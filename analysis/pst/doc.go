// Package pst builds the Program Structure Tree (PST) of Go functions that use
// the task library github.com/tpinstr/tpinstr/rt/task.
//
// The PST is the representation of Agarwal, Barik, Sarkar and Shyamasundar,
// "May-Happen-in-Parallel Analysis of X10 Programs" (PPoPP 2007), section 3,
// Definition 3.1: a rooted tree obtained by collapsing the syntax tree of a
// procedure into root, statement, loop, async, finish and atomic nodes, whose
// statement nodes are leaves. Package mhp runs the paper's NEP and MHP
// algorithms (Figures 2 and 7) over it.
//
// # Mapping Go onto the PST
//
// Task-library calls are recognised by their types.Object (package path
// github.com/tpinstr/tpinstr/rt/task), never by name:
//
//	t.Async(body)             Async{body}
//	t.Finish(body)            Finish{body}
//	t.Isolated(body)          Isolated{body}            (the paper's atomic)
//	t.ForAll(lo, hi, body)    Finish{Loop{Async{body}}}
//	t.ForAsync(lo, hi, body)  Loop{Async{body}}
//	task.NewFuture(t, body)   Async{body} marked as a future; joined by Get
//	task.Run(body)            Finish{body}
//	for, range                Loop
//
// Go has constructs the paper's X10 subset lacks. Each is mapped to nodes
// whose NEP meaning over-approximates the Go meaning:
//
//   - A go statement becomes an Escape node: an async that no Finish joins.
//   - A function literal that is neither a task body, nor called on the spot,
//     nor resolvable (see below) may be called any number of times, at any
//     time after its creation, by any task: it becomes Loop{Escape{body}} at
//     the point where it is created (a pseudo loop, Node.Pseudo). It is
//     also built at every call through a function value of its signature
//     (a field, a map, a slice), where what it captures from another
//     function is one pseudo package-level variable (see dynamic.go).
//   - A call of a local variable whose only store is a task-library method
//     value, method expression or function value (spawn := t.Async) is
//     that operation, as the shared model internal/syncapi classifies it.
//   - A local variable assigned a function literal exactly once, whose every
//     use is a direct call or a task-library body argument, is resolved: the
//     literal's body is built at each use (a Block node per copy).
//   - Deferred calls run when the enclosing function body returns: they are
//     built at the end of that body inside one pseudo loop (order and count
//     unknown, same task).
//   - A call of a function or method of known summary (type Summary, computed
//     by package mhp and carried across packages as analysis facts) becomes
//     leaves for the callee's effects on package-level variables and on the
//     memory its pointer arguments reach; effects the callee may leave
//     running after it returns are put in an Async (or Escape) node, and
//     function-literal arguments are built where and how the callee invokes
//     them (Summary.FuncParams).
//   - Conditional execution (if, switch, select, &&, ||) is not a PST node,
//     as in the paper, but Node.Cond records it: the future rule of package
//     mhp needs to know that a Get is executed on every path.
//
// Statement leaves are finer than the paper's statements: one leaf per memory
// access (read or write of a location, see Path), per Get, per use of a
// function-valued parameter and per return, break, continue or goto,
// appended in evaluation order, so that the order of siblings is the order
// of execution within one instance of their parent. Every node records the
// function body it was built in (Node.Frame): a return inside a function
// literal's body leaves that body, not the enclosing function.
//
// Locations are paths from a variable (Path): x, x.f, a[i], (*p).f, m[_].
// An index that is a loop's iteration variable or a constant is kept, so
// that a[i] in distinct iterations, or a[0] and a[1], are distinct
// locations; so is a constant span of indices (s[2:] after slicing with
// constant bounds, what copy writes into d[1:3]).
//
// One location can have several names. An access through a local pointer,
// slice or map (or an unsafe.Pointer or uintptr computed from one) gets a
// leaf for each location the variable may refer to, found from what the
// function stores in it (see aliases): *p is also x after p := &x, tail[0]
// is also s[2] after tail := s[2:], and view[2] is also byte 2 of word
// after view := (*[4]byte)(unsafe.Pointer(&word)) (a Bytes step, laid out
// with Config.Sizes). Built-in functions access the elements they touch:
// copy, clear, delete, append (past the length of its first argument) and
// len or cap of a map.
package pst
