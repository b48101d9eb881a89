package checkbuild

import (
	"fmt"
	"strconv"
	"strings"
)

// An Invocation is a tpinstr build, run or test command line, split into
// what the driver needs and what goes to the go command unchanged.
type Invocation struct {
	Command string // "build", "run" or "test"

	// GoArgs are the words for the go command after the subcommand, in the
	// user's order, without tpinstr's own flags and without -C, -tags and
	// -overlay and -modfile, which the driver replaces. For build and test they include
	// the package patterns (and for test the test binary's flags); for run
	// they are the build flags only.
	GoArgs []string

	Packages []string // package patterns, or .go files for run
	Args     []string // run: the program's arguments

	Dir       string   // -C: directory to run in ("" for the current one)
	Tags      []string // -tags given by the user (the last one, as in go)
	TagsSet   bool     // -tags was given, perhaps empty
	Overlay   string   // -overlay given by the user
	Exec      []string // run: -exec program and its arguments
	LoadFlags []string // flags that change which files are compiled, for loading
	ModFile   string   // -modfile given by the user
	Mod       string   // -mod given by the user

	Work     bool // -work: keep the work directory and print it
	X        bool // -x: print the steps
	N        bool // -n: print the commands, run nothing
	Parallel bool // test: -parallel given
	Vet      bool // test: -vet given

	Stats   bool     // -stats: print what was rewritten per package
	NoCache bool     // -instr.nocache: neither read nor write the cache
	NoPrune bool     // -instr.noprune: keep the hooks the static analysis would prune
	Add     []string // -instr.add patterns
	Skip    []string // -instr.skip patterns
}

// UsageError is a command line the driver cannot accept. The command exits
// with status 2 after printing it and the command's usage line.
type UsageError struct {
	Command string
	Msg     string
}

// Error returns the message.
func (e *UsageError) Error() string { return e.Msg }

// argKind classifies one command-line word the way cmd/go's flag parser
// (cmd/go/internal/cmdflag.ParseOne) does.
type argKind uint8

const (
	argFlag       argKind = iota + 1 // a flag the command defines
	argUnknown                       // a flag it does not define
	argNonFlag                       // a package, file or argument
	argTerminator                    // "--"
	argHelp                          // -h, -help, -?
)

// cmdArg is one parsed element of a command line.
type cmdArg struct {
	kind     argKind
	raw      []string // the words it was made of: one, or two for "-f value"
	name     string   // canonical flag name (without a "test." prefix)
	value    string   // the flag's value ("true" for a bare boolean flag)
	hasValue bool     // the value was written as -f=value (unknown flags)
}

// parseOne reads the cmdArg at the start of args, as cmdflag.ParseOne does:
// "--" ends the flags, one or two dashes start a flag, a boolean flag takes
// its value only in the -f=value form and a value flag takes the next word
// when it has no "=".
func parseOne(fs flagSet, args []string) (cmdArg, []string, error) {
	raw, rest := args[0], args[1:]
	arg := raw
	if strings.HasPrefix(arg, "--") {
		if arg == "--" {
			return cmdArg{kind: argTerminator, raw: []string{raw}}, rest, nil
		}
		arg = arg[1:]
	}
	switch arg {
	case "-?", "-h", "-help":
		return cmdArg{kind: argHelp, raw: []string{raw}}, rest, nil
	}
	if len(arg) < 2 || arg[0] != '-' || arg[1] == '-' || arg[1] == '=' {
		return cmdArg{kind: argNonFlag, raw: []string{raw}}, rest, nil
	}
	name, value, hasValue := strings.Cut(arg[1:], "=")
	kind, canon := fs.lookup(name)
	switch kind {
	case 0:
		return cmdArg{kind: argUnknown, raw: []string{raw}, name: name, value: value, hasValue: hasValue}, rest, nil
	case boolFlag:
		if !hasValue {
			value = "true"
		}
		return cmdArg{kind: argFlag, raw: []string{raw}, name: canon, value: value, hasValue: true}, rest, nil
	}
	if hasValue {
		return cmdArg{kind: argFlag, raw: []string{raw}, name: canon, value: value, hasValue: true}, rest, nil
	}
	if len(rest) == 0 {
		return cmdArg{}, nil, fmt.Errorf("flag needs an argument: -%s", name)
	}
	return cmdArg{kind: argFlag, raw: []string{raw, rest[0]}, name: canon, value: rest[0], hasValue: true}, rest[1:], nil
}

// ParseBuild splits the arguments of `tpinstr build`:
// [build flags] [packages]. As in go build, flags end at the first word that
// is not a flag.
func ParseBuild(args []string) (*Invocation, error) {
	inv := &Invocation{Command: "build"}
	rest, err := inv.parseFlags(buildFlagSet, args)
	if err != nil {
		return nil, err
	}
	inv.Packages = rest
	inv.GoArgs = append(inv.GoArgs, rest...)
	return inv, nil
}

// ParseRun splits the arguments of `tpinstr run`:
// [build flags] [-exec xprog] package|files.go... [arguments...]. As in
// go run, when the first word after the flags ends in .go, every following
// word that ends in .go is a file of the program.
func ParseRun(args []string) (*Invocation, error) {
	inv := &Invocation{Command: "run"}
	rest, err := inv.parseFlags(runFlagSet, args)
	if err != nil {
		return nil, err
	}
	if len(rest) == 0 {
		return nil, &UsageError{Command: "run", Msg: "no go files listed"}
	}
	n := 1
	if strings.HasSuffix(rest[0], ".go") {
		for n < len(rest) && strings.HasSuffix(rest[n], ".go") {
			n++
		}
	}
	inv.Packages = rest[:n]
	if n < len(rest) {
		inv.Args = rest[n:]
	}
	return inv, nil
}

// parseFlags reads the flags at the start of args for build and run, and
// returns the words after them.
func (inv *Invocation) parseFlags(fs flagSet, args []string) ([]string, error) {
	for len(args) > 0 {
		tok, rest, err := parseOne(fs, args)
		if err != nil {
			return nil, &UsageError{Command: inv.Command, Msg: err.Error()}
		}
		switch tok.kind {
		case argHelp:
			return nil, &UsageError{Command: inv.Command}
		case argTerminator:
			return rest, nil
		case argNonFlag:
			return args, nil
		case argUnknown:
			return nil, &UsageError{Command: inv.Command, Msg: "flag provided but not defined: -" + tok.name}
		}
		if err := inv.flag(tok); err != nil {
			return nil, err
		}
		args = rest
	}
	return nil, nil
}

// ParseTest splits the arguments of `tpinstr test`:
// [build/test flags] [packages] [build/test flags & test binary flags].
// It follows cmd/go's testFlags: known flags are accepted before and after
// the package list; the package list is the first run of words that are not
// flags; an unknown flag and everything that cannot be a go flag after it go
// to the test binary, and -args sends all the rest there.
func ParseTest(args []string) (*Invocation, error) {
	inv := &Invocation{Command: "test"}
	var (
		pkgs          []string
		inPkgList     bool
		afterBareFlag bool // the previous word was an unknown flag without =value
	)
	for len(args) > 0 {
		tok, rest, err := parseOne(testFlagSet, args)
		if err != nil {
			return nil, &UsageError{Command: "test", Msg: err.Error()}
		}
		wasAfterBareFlag := afterBareFlag
		afterBareFlag = false
		switch tok.kind {
		case argHelp:
			return nil, &UsageError{Command: "test"}
		case argTerminator:
			inv.GoArgs = append(inv.GoArgs, args...)
			args = nil
			continue
		case argNonFlag:
			if !inPkgList && pkgs != nil {
				if wasAfterBareFlag {
					// Maybe the value of the unknown flag: keep looking
					// for go flags after it.
					inv.GoArgs = append(inv.GoArgs, tok.raw...)
					args = rest
					continue
				}
				inv.GoArgs = append(inv.GoArgs, args...)
				args = nil
				continue
			}
			inPkgList = true
			pkgs = append(pkgs, tok.raw[0])
			inv.GoArgs = append(inv.GoArgs, tok.raw...)
			args = rest
			continue
		}
		inPkgList = false
		if tok.kind == argUnknown {
			if pkgs == nil {
				pkgs = []string{}
			}
			if tok.raw[0] == "-args" || tok.raw[0] == "--args" {
				inv.GoArgs = append(inv.GoArgs, args...)
				args = nil
				continue
			}
			inv.GoArgs = append(inv.GoArgs, tok.raw...)
			afterBareFlag = !tok.hasValue
			args = rest
			continue
		}
		if err := inv.flag(tok); err != nil {
			return nil, err
		}
		args = rest
	}
	inv.Packages = pkgs
	return inv, nil
}

// flag records a flag the command defines and adds it to GoArgs unless the
// driver handles it itself.
func (inv *Invocation) flag(tok cmdArg) error {
	keep := true
	switch tok.name {
	case "C":
		inv.Dir, keep = tok.value, false
	case "tags":
		inv.Tags, inv.TagsSet, keep = splitTags(tok.value), true, false
	case "overlay":
		inv.Overlay, keep = tok.value, false
	case "exec":
		if inv.Command == "run" {
			inv.Exec, keep = strings.Fields(tok.value), false
		}
	case "cover", "covermode", "coverpkg", "coverprofile":
		if tok.name != "cover" || tok.value != "false" {
			return &UsageError{Command: inv.Command, Msg: "-" + tok.name + " is not supported: coverage builds ignore -overlay (golang/go#73802), so they would measure the unchecked program"}
		}
	case "work":
		inv.Work = parseBool(tok.value)
	case "x":
		inv.X = parseBool(tok.value)
	case "n":
		inv.N = parseBool(tok.value)
	case "parallel":
		inv.Parallel = true
	case "vet":
		inv.Vet = true
	case "modfile":
		inv.ModFile, keep = tok.value, false
	case "mod":
		inv.Mod = tok.value
		inv.LoadFlags = append(inv.LoadFlags, "-"+tok.name+"="+tok.value)
	case "race", "msan", "asan":
		inv.LoadFlags = append(inv.LoadFlags, "-"+tok.name+"="+tok.value)
	case flagAdd:
		inv.Add, keep = append(inv.Add, tok.value), false
	case flagSkip:
		inv.Skip, keep = append(inv.Skip, tok.value), false
	case flagStats, flagNoCache, flagNoPrune:
		b, err := strconv.ParseBool(tok.value)
		if err != nil {
			return &UsageError{Command: inv.Command, Msg: fmt.Sprintf("invalid boolean value %q for -%s", tok.value, tok.name)}
		}
		switch tok.name {
		case flagStats:
			inv.Stats = b
		case flagNoCache:
			inv.NoCache = b
		default:
			inv.NoPrune = b
		}
		keep = false
	}
	if keep {
		inv.GoArgs = append(inv.GoArgs, tok.raw...)
	}
	return nil
}

// parseBool reads the value of a go boolean flag; the go command reports
// values it does not accept, so anything but a false value counts as set.
func parseBool(s string) bool {
	b, err := strconv.ParseBool(s)
	return err != nil || b
}
