// Package gorealistic checks tpinstr end to end against testdata/gorealistic
// in the module root: labelled plain-Go programs in the shapes of real code
// (worker pools, caches, pipelines, errgroups, ledgers), 80 to 150 lines
// each, a race/NAME and a norace/NAME twin per program. It runs them as
// package goe2e runs testdata/goprograms, with the harness and the checks
// of package e2e (e2e.Harness.RunGoCorpus), apart from goe2e so that each
// corpus gets the go command's default timeout of its own. Exploration
// stops at 100 schedules per program, at the default 1000 with -e2e.full
// (.ci/long runs that).
package gorealistic
