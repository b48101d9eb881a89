package randprog

// Exploration returns a configuration for testing schedule exploration
// against a brute-force enumeration of the orders of isolated sections
// (rt's explore_property_test.go): programs of at most 40 statements, most
// of them with two to six isolated sections (few have more, and every
// order of six can be enumerated), with many tasks and Isolated bodies over
// an 8-byte arena, so that sections of different tasks often conflict
// (exploration then runs more than one schedule, for about three programs
// in ten) and plain accesses next to them race in some orders of the
// sections only. Nesting stays shallow (depth 3): deep nests spend the
// statements on chains of compound statements that order everything inside
// them.
func Exploration() Config {
	return Config{Arena: 8, MaxStmts: 40, MaxDepth: 3, MaxBody: 4,
		Weights: Weights{Read: 4, Write: 4, Async: 6, Finish: 1, Future: 2, Get: 2, Isolated: 9}}
}
