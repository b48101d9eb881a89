package instrument

import (
	"bytes"
	"flag"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenCases are the packages under testdata/src whose rewritten files
// are compared with NAME.go.golden next to each NAME.go.
var goldenCases = []string{
	"basic",
	"headers",
	"futures",
	"program",
	"generics",
	"optimize",
	"plaingo",
	"implicit",
	"alloc",
	"ioread",
}

// normalize replaces the machine's path of the module in rewritten text,
// and the names of site packages, which hash it, so that golden files do
// not depend on where the module is.
func normalize(root string, b []byte) []byte {
	return normalizeSitePkg(bytes.ReplaceAll(b, []byte(root), []byte("$MODULE")))
}

func TestGolden(t *testing.T) {
	root := moduleRoot(t)
	var patterns []string
	for _, c := range goldenCases {
		patterns = append(patterns, "./instrument/testdata/src/"+c)
	}
	pkgs := load(t, true, nil, patterns...)
	if errs := pkgErrors(pkgs); errs != "" {
		t.Fatalf("inputs do not load:\n%s", errs)
	}
	overlay, _ := rewriteAll(t, pkgs, Config{TaskPackage: fakeTask})
	for _, c := range goldenCases {
		t.Run(c, func(t *testing.T) {
			dir := filepath.Join(root, "instrument", "testdata", "src", c)
			files, err := filepath.Glob(filepath.Join(dir, "*.go"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no inputs in %s: %v", dir, err)
			}
			files = append(files, filepath.Join(dir, sitesGolden))
			for _, f := range files {
				got, ok := overlay[f]
				if filepath.Base(f) == sitesGolden {
					got, ok = sitePackagesIn(overlay, root, dir), true
				}
				if !ok {
					got, err = os.ReadFile(f) // untouched
					if err != nil {
						t.Fatal(err)
					}
				}
				got = normalize(root, got)
				golden := f + ".golden"
				if filepath.Base(f) == sitesGolden {
					golden = f
				}
				if *update {
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run with -update to create)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: rewritten text differs from %s:\n%s", filepath.Base(f), filepath.Base(golden), diffLines(string(want), string(got)))
				}
			}
		})
	}
}

// TestLinesKept checks that every line of every golden input is on the
// same line number in the rewritten file: on line i of the rewritten file
// are all the tokens of line i of the input (inserted text may sit between
// them, and a hoisted call moves to the front of its line). Only tokens
// that the rewrite replaces by design may be missing: os.Exit (replaced by
// rt.OSExit) and a blank test parameter (named).
func TestLinesKept(t *testing.T) {
	root := moduleRoot(t)
	for _, c := range goldenCases {
		dir := filepath.Join(root, "instrument", "testdata", "src", c)
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			orig, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			out, err := os.ReadFile(f + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			want, got := lineTokens(orig), lineTokens(out)
			for line, toks := range want {
				have := map[string]int{}
				for _, tok := range got[line] {
					have[tok]++
				}
				for _, tok := range toks {
					if have[tok] > 0 {
						have[tok]--
						continue
					}
					if replacedByDesign(tok, got[line]) {
						continue
					}
					t.Errorf("%s:%d: token %q of the input is not on this line of the output", filepath.Base(f), line, tok)
					break
				}
			}
		}
	}
}

// replacedByDesign reports whether tok may be missing from a rewritten
// line whose tokens are line: os.Exit and blank test parameters are
// replaced, the ++, -- or op= of a for loop's post statement becomes
// an assignment `x, _ = x op y, hooks`, and a plain-Go operation becomes
// its hook (plainGoLine).
func replacedByDesign(tok string, line []string) bool {
	if plainGoLine(line) {
		return true
	}
	for i, l := range line {
		if l == "OSExit" || l == "_tpinstr_t" || l == "SetFinalizer" {
			return true
		}
		if l == "_" && i+1 < len(line) && line[i+1] == "=" && (tok == "++" || tok == "--" || strings.HasSuffix(tok, "=")) {
			return true
		}
	}
	return false
}

// lineTokens returns the tokens of a Go source by line (1-based), as
// text, without the automatic semicolons.
func lineTokens(src []byte) map[int][]string {
	fset := token.NewFileSet()
	file := fset.AddFile("x.go", -1, len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, scanner.ScanComments)
	out := map[int][]string{}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return out
		}
		if tok == token.SEMICOLON && lit == "\n" {
			continue
		}
		text := tok.String()
		if lit != "" {
			text = lit
		}
		line := fset.Position(pos).Line
		out[line] = append(out[line], text)
	}
}

// diffLines returns the lines that differ between a and b, numbered.
func diffLines(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out strings.Builder
	n := max(len(al), len(bl))
	shown := 0
	for i := 0; i < n && shown < 20; i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			out.WriteString("line " + strconv.Itoa(i+1) + ":\n  want: " + x + "\n  got:  " + y + "\n")
			shown++
		}
	}
	return out.String()
}

// plainGoHooks are the names by which rewritten code calls the plain-Go
// hooks and helpers (plaingo.go).
var plainGoHooks = map[string]bool{
	"Go": true, "Send": true, "Recv": true, "Recv2": true, "Close": true, "Select": true,
	"PoolEnter": true, "PoolRecv2": true,
	"OnRecv": true, "OnSend": true, "Sleep": true, "AtomicAt": true,
	"After": true, "Now": true, "Since": true, "Until": true, "Bubble": true,
	"NewTimer": true, "NewTicker": true, "Tick": true, "AfterFunc": true,
	"TimerStop": true, "TimerReset": true, "TickerStop": true, "TickerReset": true,
	"WithDeadline": true, "WithTimeout": true, "WithDeadlineCause": true, "WithTimeoutCause": true,
	"WithCancel": true, "WithCancelCause": true,
	"MutexLock": true, "MutexUnlock": true, "MutexTryLock": true, "MutexLockCommute": true, "MutexLockInsert": true,
	"RWMutexLock": true, "RWMutexLockCommute": true, "RWMutexLockInsert": true, "RWMutexUnlock": true, "RWMutexTryLock": true,
	"RWMutexRLock": true, "RWMutexRUnlock": true, "RWMutexTryRLock": true,
	"LockerLock": true, "LockerUnlock": true,
	"RWMutexLockRead": true, "RWMutexUnlockRead": true, "RWMutexTryLockRead": true,
	"RWMutexRLockRead": true, "RWMutexRUnlockRead": true, "RWMutexTryRLockRead": true,
	"WaitGroupAdd": true, "WaitGroupDone": true, "WaitGroupWait": true, "WaitGroupGo": true,
	"OnceDo": true, "CondWait": true, "CondSignal": true, "CondBroadcast": true,
	"OnceFunc": true, "OnceValue": true, "OnceValues": true,
	"SyncMapLoad": true, "SyncMapStore": true, "SyncMapLoadOrStore": true, "SyncMapLoadAndDelete": true, "SyncMapDelete": true, "SyncMapSwap": true, "SyncMapCompareAndSwap": true, "SyncMapCompareAndDelete": true, "SyncMapRange": true, "SyncMapClear": true,
	"TestRun": true, "TestParallel": true,
}

// plainGoLine reports whether a rewritten line holds a plain-Go hook, whose
// call replaces the tokens of the operation (go, <-, close, select, the
// method name, a method expression's type), or is a case of a rewritten
// select (`case 0:`), whose channel and value moved to the select's line.
func plainGoLine(line []string) bool {
	for i, l := range line {
		if i > 0 && line[i-1] == "." && plainGoHooks[l] && i > 1 && line[i-2] == "_tpinstr_rt" {
			return true
		}
		if strings.HasPrefix(l, "_tpinstrGo") || strings.HasPrefix(l, "_tpinstrBind") || strings.HasPrefix(l, "_tpinstrSite") {
			return true
		}
		if l == "case" && i+2 < len(line) && line[i+2] == ":" && isDigits(line[i+1]) {
			return true
		}
	}
	return false
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
