package checkbuild

import "golang.org/x/tools/go/packages"

// A Rewriter rewrites the files of one loaded package. The driver calls it
// once per package that needs rewriting and was not found in the cache.
//
// The driver owns these types rather than using package instrument's
// directly so that it can be built and tested with a small fake rewriter;
// instrument.go adapts package instrument to this interface.
type Rewriter interface {
	// Mode is the load mode the rewriter needs in each package it gets.
	Mode() packages.LoadMode
	// Rewrite returns the replacement of every file it changed. Files it
	// leaves out are compiled unchanged.
	Rewrite(pkg *packages.Package) (*Result, error)
}

// FileResult is the new content of one file of the user's package.
type FileResult struct {
	Path    string // absolute path of the original file
	Content []byte // what the build compiles instead of it
}

// Stats counts what the rewriter did to one package, for -stats.
type Stats struct {
	Package     string
	AccessSites int // memory accesses found
	Hooks       int // access hooks inserted
	Pruned      int // access sites left without a hook by the static analysis
	Covered     int // access sites another hook stands for (repeated accesses, loops over slices)
	TaskCalls   int // task-library calls given a site
	Skipped     int // sites left without a hook because none fits without changing the program
}

// GeneratedFile is a file of a package that a rewrite adds to the runtime's
// module, for the rewritten files to import.
type GeneratedFile struct {
	ImportPath string // the package's, below the runtime module's path
	Name       string // the file's base name
	Content    []byte
}

// Result is what a Rewriter returns for one package.
type Result struct {
	Files     []FileResult
	Generated []GeneratedFile
	Stats     Stats
}
