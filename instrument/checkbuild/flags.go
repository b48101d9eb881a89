package checkbuild

import "strings"

// flagKind says whether a flag takes a value, which is all the driver needs
// to know to tell flags from package names on a go command line.
type flagKind uint8

const (
	boolFlag  flagKind = iota + 1 // -f or -f=value, never -f value
	valueFlag                     // -f value or -f=value
)

// goBuildFlags are the flags every build command of the go command accepts
// (cmd/go/internal/work.AddBuildFlags, `go help build`), including the
// undocumented debugging ones so that they are not taken for packages.
var goBuildFlags = map[string]flagKind{
	"C":                   valueFlag,
	"a":                   boolFlag,
	"n":                   boolFlag,
	"p":                   valueFlag,
	"race":                boolFlag,
	"msan":                boolFlag,
	"asan":                boolFlag,
	"cover":               boolFlag,
	"covermode":           valueFlag,
	"coverpkg":            valueFlag,
	"v":                   boolFlag,
	"work":                boolFlag,
	"x":                   boolFlag,
	"asmflags":            valueFlag,
	"buildmode":           valueFlag,
	"buildvcs":            boolFlag,
	"compiler":            valueFlag,
	"gccgoflags":          valueFlag,
	"gcflags":             valueFlag,
	"installsuffix":       valueFlag,
	"json":                boolFlag,
	"ldflags":             valueFlag,
	"linkshared":          boolFlag,
	"mod":                 valueFlag,
	"modcacherw":          boolFlag,
	"modfile":             valueFlag,
	"overlay":             valueFlag,
	"pgo":                 valueFlag,
	"pkgdir":              valueFlag,
	"tags":                valueFlag,
	"trimpath":            boolFlag,
	"toolexec":            valueFlag,
	"debug-actiongraph":   valueFlag,
	"debug-runtime-trace": valueFlag,
	"debug-trace":         valueFlag,
}

// goTestFlags are the flags `go test` adds to the build flags: its own
// (`go help test`) and those it passes to the test binary
// (`go help testflag`). The test binary flags are also accepted with a
// "test." prefix.
var goTestFlags = map[string]flagKind{
	"c":                    boolFlag,
	"o":                    valueFlag,
	"exec":                 valueFlag,
	"json":                 boolFlag,
	"vet":                  valueFlag,
	"coverprofile":         valueFlag,
	"artifacts":            boolFlag,
	"bench":                valueFlag,
	"benchmem":             boolFlag,
	"benchtime":            valueFlag,
	"blockprofile":         valueFlag,
	"blockprofilerate":     valueFlag,
	"count":                valueFlag,
	"cpu":                  valueFlag,
	"cpuprofile":           valueFlag,
	"failfast":             boolFlag,
	"fullpath":             boolFlag,
	"fuzz":                 valueFlag,
	"fuzzminimizetime":     valueFlag,
	"fuzztime":             valueFlag,
	"list":                 valueFlag,
	"memprofile":           valueFlag,
	"memprofilerate":       valueFlag,
	"mutexprofile":         valueFlag,
	"mutexprofilefraction": valueFlag,
	"outputdir":            valueFlag,
	"parallel":             valueFlag,
	"run":                  valueFlag,
	"short":                boolFlag,
	"shuffle":              valueFlag,
	"skip":                 valueFlag,
	"timeout":              valueFlag,
	"trace":                valueFlag,
	"v":                    boolFlag,
}

// testBinaryFlags are the go test flags that also exist with a "test."
// prefix (cmd/go/internal/test.passFlagToTest).
var testBinaryFlags = map[string]bool{
	"artifacts": true, "bench": true, "benchmem": true, "benchtime": true,
	"blockprofile": true, "blockprofilerate": true, "count": true,
	"coverprofile": true, "cpu": true, "cpuprofile": true, "failfast": true,
	"fullpath": true, "fuzz": true, "fuzzminimizetime": true, "fuzztime": true,
	"list": true, "memprofile": true, "memprofilerate": true,
	"mutexprofile": true, "mutexprofilefraction": true, "outputdir": true,
	"parallel": true, "run": true, "short": true, "shuffle": true,
	"skip": true, "timeout": true, "trace": true, "v": true,
}

// tpinstr's own flags. Except -work, which the go command also gets, they
// are removed from the go command line. The -instr. prefix cannot clash
// with a go flag: no go flag has a dot in its name but the test. ones.
const (
	flagStats   = "stats"
	flagAdd     = "instr.add"
	flagSkip    = "instr.skip"
	flagNoCache = "instr.nocache"
	flagNoPrune = "instr.noprune"
	flagDisable = "instr.disable"
)

var ownFlags = map[string]flagKind{
	flagStats:   boolFlag,
	flagAdd:     valueFlag,
	flagSkip:    valueFlag,
	flagNoCache: boolFlag,
	flagNoPrune: boolFlag,
	flagDisable: valueFlag,
}

// flagSet is the set of flags one command accepts.
type flagSet struct {
	extra map[string]flagKind // command-specific flags, looked up first
	test  bool                // accept the test. prefix of test binary flags
}

var (
	buildFlagSet = flagSet{extra: map[string]flagKind{"o": valueFlag}}
	runFlagSet   = flagSet{extra: map[string]flagKind{"exec": valueFlag}}
	testFlagSet  = flagSet{extra: goTestFlags, test: true}
)

// lookup returns the kind of flag name and its canonical name (without the
// "test." prefix), or kind 0 if the command does not define it.
func (fs flagSet) lookup(name string) (flagKind, string) {
	if k, ok := ownFlags[name]; ok {
		return k, name
	}
	if k, ok := fs.extra[name]; ok {
		return k, name
	}
	if k, ok := goBuildFlags[name]; ok {
		return k, name
	}
	if short, ok := strings.CutPrefix(name, "test."); ok && fs.test && testBinaryFlags[short] {
		return goTestFlags[short], short
	}
	return 0, ""
}
