// Package checkbuild is the build driver behind `tpinstr build`, `tpinstr run`
// and `tpinstr test`: it turns a go command line into a checked build of the
// same packages without touching the user's files.
//
// A command goes through these steps (Driver):
//
//  1. Split the command line as the go command would (ParseBuild, ParseRun,
//     ParseTest), keeping tpinstr's own flags apart.
//  2. Provide tpinstr's own runtime (runtime.go): write the runtime that the
//     binary carries as a module, and make every go command of the build
//     resolve github.com/tpinstr/tpinstr to it, whatever the user's go.mod
//     requires: a -modfile copy of the go.mod with a require and a replace
//     in a module, the go.work with a use in the overlay in a workspace,
//     GOWORK outside a module, and in vendor mode the runtime overlaid in
//     the vendor directory or a workspace whose vendor directory links to
//     the user's (vendor.go).
//  3. List the packages with the checked build's tags (tpinstr plus the
//     user's) and choose those to rewrite: the main module's, plus
//     -instr.add, minus -instr.skip, never the standard library, the module
//     cache or tpinstr's runtime.
//  4. Take each package's rewrite from the cache, keyed by a hash of its
//     files and of the types it depends on; type-check and rewrite only
//     the packages that are missing, and store them.
//  5. Write the rewritten files, and for tests a TestMain where the
//     package has none, to a temporary work directory with an overlay.json
//     that maps each original path to its replacement.
//  6. Run go build or go test with -overlay and -tags, or for run build the
//     binary and run it, passing on standard streams, signals and exit
//     status, and mapping any work-directory path in the output back to the
//     user's file.
//  7. Remove the work directory, unless -work asked to keep it.
//
// The rewriter itself is behind the Rewriter interface; instrument.go adapts
// package instrument to it.
package checkbuild
