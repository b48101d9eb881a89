// Package build is the build driver behind `tpinstr build`, `tpinstr run`
// and `tpinstr test`: it turns a go command line into a checked build of the
// same packages without touching the user's files.
//
// A command goes through these steps (Driver):
//
//  1. Split the command line as the go command would (ParseBuild, ParseRun,
//     ParseTest), keeping tpinstr's own flags apart.
//  2. List the packages with the checked build's tags (tpinstr plus the
//     user's) and choose those to rewrite: the main module's, plus
//     -instr.add, minus -instr.skip, never the standard library, the module
//     cache or tpinstr's runtime.
//  3. Take each package's rewrite from the cache, keyed by a hash of its
//     files and of the types it depends on; type-check and rewrite only
//     the packages that are missing, and store them.
//  4. Write the rewritten files, and for tests a TestMain where the
//     package has none, to a temporary work directory with an overlay.json
//     that maps each original path to its replacement.
//  5. Run go build or go test with -overlay and -tags, or for run build the
//     binary and run it, passing on standard streams, signals and exit
//     status, and mapping any work-directory path in the output back to the
//     user's file.
//  6. Remove the work directory, unless -work asked to keep it.
//
// The rewriter itself is behind the Rewriter interface; instrument.go adapts
// package instrument to it.
package build
