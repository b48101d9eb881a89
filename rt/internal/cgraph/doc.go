// Package cgraph builds the computation graph of one checked execution and
// decides its races exactly, as the oracle against which the fast detector
// (package detect) is tested, and as the source of the Graphviz drawing that
// the dot=PATH option writes.
//
// The graph is the one of Nakade, "Verification of Task Parallel Programs
// Using Predictive Analysis" (MS thesis, BYU 2016), chapter 3 (Definition 1,
// G = ⟨N, E, δ, ω⟩), with the step and edge vocabulary of Surendran and
// Sarkar, "Dynamic Determinacy Race Detection for Task Parallelism with
// Futures" (RV 2016), section 3 (Definition 1, continue, spawn and join
// edges):
//
//   - a node is a step, a maximal run of a task's instructions without a
//     task-library boundary; it carries the bytes it read (δ) and wrote (ω);
//   - a continue edge links consecutive steps of a task; a spawn edge goes
//     from the step that spawned a task to the task's first step; a finish
//     join edge goes from the last step of every task whose immediately
//     enclosing finish (IEF) is F to the owner's step after F ends; a get
//     edge goes from the last step of a future to the getter's step after
//     the Get.
//
// The graph is built by a Graph, which implements event.Sink, from the same
// serial depth-first event stream the detector consumes. Races (Algorithm 1
// of the thesis, over a bitset transitive closure) returns every racing byte
// with one witness pair.
//
// Isolated bodies are steps of their own, marked isolated. Unlike the thesis
// (Figure 6.1, the "last" edge), no edge links isolated steps: the order in
// which one serial run happened to execute them is one schedule's choice, not
// a happens-before fact. Two accesses that are both inside isolated steps
// never race; an isolated access still races with an unordered non-isolated
// one.
//
// The graph costs O(N²) bits for N steps, so it is meant for tests and for
// drawing executions of moderate size (tens of thousands of steps), not for
// checking large runs: that is the detector's job.
package cgraph
