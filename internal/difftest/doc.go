// Package difftest compares checked builds with plain builds on programs
// written by others: testdata holds the Go distribution's runnable test
// programs ($GOROOT/test/*.go files whose first line is "// run"), each in
// a module of its own whose go.mod requires nothing, with the Go license
// (testdata/LICENSE). gen.go writes the corpus (go run gen.go). The test
// builds every program with go build and with tpinstr build and requires the
// same standard output and exit status from both binaries.
package difftest
