package main

import (
	"fmt"
	"strings"
)

// kernel is one row of the table: a package of testdata/bench run with a
// variant's arguments.
type kernel struct {
	name    string   // row name, such as "crypt-future"
	dir     string   // package directory under testdata/bench
	variant []string // arguments for the task builds only (the goroutine version has one variant)
	medium  []string // arguments of the medium size, for every build
	large   []string // arguments of the large size, for every build
}

// benchDir is where the kernels live, relative to the module root.
const benchDir = "testdata/bench"

// kernels returns every kernel. The small size runs each with its package's
// defaults (a few milliseconds); the large sizes are the benchmark sizes
// that testdata/bench/README.md documents, chosen so that a serial run takes
// half a second to a second on a current x86 core; the medium sizes do about
// a tenth of that work, for checking a change quickly.
func kernels() []kernel {
	return []kernel{
		{name: "series-af", dir: "series", variant: []string{"-variant=af"}, medium: []string{"-n=1000"}, large: []string{"-n=10000"}},
		{name: "series-future", dir: "series", variant: []string{"-variant=future"}, medium: []string{"-n=1000"}, large: []string{"-n=10000"}},
		{name: "crypt-af", dir: "crypt", variant: []string{"-variant=af"}, medium: []string{"-n=2000000"}, large: []string{"-n=20000000"}},
		{name: "crypt-future", dir: "crypt", variant: []string{"-variant=future"}, medium: []string{"-n=2000000"}, large: []string{"-n=20000000"}},
		{name: "jacobi", dir: "jacobi", medium: []string{"-n=1024", "-b=64", "-sweeps=16"}, large: []string{"-n=2048", "-b=64", "-sweeps=64"}},
		{name: "strassen", dir: "strassen", medium: []string{"-n=512", "-cutoff=32"}, large: []string{"-n=1024", "-cutoff=32"}},
		{name: "smithwaterman", dir: "smithwaterman", medium: []string{"-n=5000", "-m=5000", "-tiles=20"}, large: []string{"-n=20000", "-m=20000", "-tiles=40"}},
		{name: "binarytrees", dir: "binarytrees", medium: []string{"-depth=14"}, large: []string{"-depth=17"}},
		{name: "primes-async", dir: "primes", variant: []string{"-variant=async"}, medium: []string{"-n=1000000", "-chunk=10000"}, large: []string{"-n=5000000", "-chunk=20000"}},
		{name: "primes-forall", dir: "primes", variant: []string{"-variant=forall"}, medium: []string{"-n=1000000", "-chunk=10000"}, large: []string{"-n=5000000", "-chunk=20000"}},
		{name: "primes-forasync", dir: "primes", variant: []string{"-variant=forasync"}, medium: []string{"-n=1000000", "-chunk=10000"}, large: []string{"-n=5000000", "-chunk=20000"}},
		{name: "reciprocal", dir: "reciprocal", medium: []string{"-n=1048576", "-tasks=16", "-reps=40"}, large: []string{"-n=4194304", "-tasks=16", "-reps=100"}},
		{name: "vectoradd", dir: "vectoradd", medium: []string{"-n=1048576", "-tasks=16", "-reps=40"}, large: []string{"-n=4194304", "-tasks=16", "-reps=100"}},
		{name: "fib", dir: "fib", medium: []string{"-n=34", "-cutoff=16"}, large: []string{"-n=40", "-cutoff=18"}},
		{name: "lutcipher", dir: "lutcipher", medium: []string{"-n=100000"}, large: []string{"-n=1000000"}},
		{name: "stencil2d", dir: "stencil2d", medium: []string{"-n=512", "-sweeps=16"}, large: []string{"-n=1024", "-sweeps=48"}},
		{name: "polyeval", dir: "polyeval", medium: []string{"-n=1048576"}, large: []string{"-n=2097152", "-reps=4"}},
		{name: "bsearch", dir: "bsearch", medium: []string{"-n=262144", "-m=25000"}, large: []string{"-n=1048576", "-m=250000"}},
		{name: "bst", dir: "bst", medium: []string{"-trees=32", "-size=4000"}, large: []string{"-trees=64", "-size=20000"}},
	}
}

// args returns the arguments of k for size in mode m.
func (k kernel) args(size string, m mode) []string {
	var a []string
	if m != modeRace {
		a = append(a, k.variant...)
	}
	switch size {
	case "medium":
		a = append(a, k.medium...)
	case "large":
		a = append(a, k.large...)
	}
	return a
}

// pkg returns the package of k that mode m builds, as a relative pattern.
func (k kernel) pkg(m mode) string {
	p := "./" + benchDir + "/" + k.dir
	if m == modeRace {
		p += "/goroutine"
	}
	return p
}

// selectKernels returns the kernels named in the comma-separated list (all
// of them for "" or "all"). A name may be a row ("crypt-af") or a
// directory ("crypt", meaning every row built from it).
func selectKernels(all []kernel, list string) ([]kernel, error) {
	if list == "" || list == "all" {
		return all, nil
	}
	var out []kernel
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, k := range all {
			if (k.name == name || k.dir == name) && !seen[k.name] {
				out = append(out, k)
				seen[k.name] = true
			}
			found = found || k.name == name || k.dir == name
		}
		if !found {
			return nil, fmt.Errorf("unknown kernel %q (known: %s)", name, kernelNames(all))
		}
	}
	return out, nil
}

// kernelNames lists the row names, for messages.
func kernelNames(ks []kernel) string {
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = k.name
	}
	return strings.Join(names, ", ")
}
