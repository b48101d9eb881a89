// Command xprog runs one random task program of package randprog with the
// real task library and the real access hooks, as a program that tpinstr
// rewrote would: it is the program of the schedule-exploration property test
// of package explore (explore_property_test.go), which builds it with
// `go build -tags tpinstr` so that a run is a checked run, explores the
// orders of its isolated sections by re-running itself, and writes its
// reports with TPINSTR=json=FILE.
//
// Usage:
//
//	xprog -prog FILE
//
// FILE holds a JSON object with the program (a randprog.Program), the
// commutative class of some of its Isolated statements (by site), and
// whether every byte an access touches gets a hook and a site of its own
// (bytes) or each access is one slice hook (whole). Each access statement
// #n of the program accesses arena[Off:Off+Size] of a global byte arena,
// whose address the program prints first ("arena 0x…"), so that reports'
// addresses turn into arena offsets; a global has the same address in the
// process and in the children that exploration starts. Sites are registered
// with file "xprog", the line the statement's number and the column the
// arena offset the access starts at plus one (per byte: the byte's offset
// plus one), so every report names its statement and byte.
//
// A Get whose future does not exist yet when it runs (its creation does not
// happen before it, so some schedule reaches the Get first) panics: the test
// only runs programs in which every Get's future is created before it in
// every schedule, as a real program needs to hand the future over.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"unsafe"

	"github.com/tpinstr/tpinstr/rt"
	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/randprog"
	"github.com/tpinstr/tpinstr/rt/task"
)

// Input is what the -prog file holds.
type Input struct {
	Program randprog.Program
	// Commute is the class of commutative update (rt.SiteInfo.Commute) of
	// the Isolated statements it names by site.
	Commute map[event.Site]uint8
	// Bytes gives every byte of an access a hook and a site of its own,
	// so that reports, which are de-duplicated by pair of sites, name
	// every racing byte.
	Bytes bool
}

// maxArena bounds the arena of the programs xprog runs.
const maxArena = 4096

var arena [maxArena]byte

type siteKey struct {
	stmt event.Site
	off  int // the byte, or the access's first byte; -1 for task-library calls
}

type runner struct {
	in      Input
	sites   map[siteKey]uint32
	futures map[int]*task.Future[struct{}]
}

func main() {
	defer rt.Exit()
	path := flag.String("prog", "", "the JSON file of the program to run")
	flag.Parse()
	b, err := os.ReadFile(*path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "xprog:", err)
		os.Exit(2)
	}
	var in Input
	if err := json.Unmarshal(b, &in); err != nil {
		fmt.Fprintln(os.Stderr, "xprog:", err)
		os.Exit(2)
	}
	if err := in.Program.Validate(); err != nil {
		fmt.Fprintln(os.Stderr, "xprog:", err)
		os.Exit(2)
	}
	if in.Program.Arena > maxArena {
		fmt.Fprintf(os.Stderr, "xprog: arena of %d bytes, at most %d\n", in.Program.Arena, maxArena)
		os.Exit(2)
	}
	r := &runner{in: in, sites: map[siteKey]uint32{}, futures: map[int]*task.Future[struct{}]{}}
	r.register()
	fmt.Printf("arena %#x\n", uintptr(unsafe.Pointer(&arena[0])))
	task.Run(rt.At(func(t *task.T) { r.body(t, in.Program.Body) }, r.sites[siteKey{0, -1}]))
}

// register registers a site for every task-library statement, for every
// access (or every byte of it) and for the Run.
func (r *runner) register() {
	var infos []rt.SiteInfo
	var keys []siteKey
	add := func(k siteKey, si rt.SiteInfo) {
		si.File, si.Func = "xprog", "main.prog"
		keys = append(keys, k)
		infos = append(infos, si)
	}
	add(siteKey{0, -1}, rt.SiteInfo{Line: 1, Kind: rt.KindRun, Expr: "task.Run"})
	var walk func([]randprog.Stmt)
	walk = func(body []randprog.Stmt) {
		for _, s := range body {
			line := int32(s.Site)
			switch s.Op {
			case randprog.Read, randprog.Write:
				kind := rt.KindRead
				if s.Op == randprog.Write {
					kind = rt.KindWrite
				}
				if r.in.Bytes {
					for b := s.Off; b < s.Off+s.Size; b++ {
						add(siteKey{s.Site, b}, rt.SiteInfo{Line: line, Col: int32(b + 1), Kind: kind,
							Expr: fmt.Sprintf("arena[%d]", b)})
					}
				} else {
					add(siteKey{s.Site, s.Off}, rt.SiteInfo{Line: line, Col: int32(s.Off + 1), Kind: kind,
						Expr: fmt.Sprintf("arena[%d:%d]", s.Off, s.Off+s.Size)})
				}
			case randprog.Async:
				add(siteKey{s.Site, -1}, rt.SiteInfo{Line: line, Kind: rt.KindAsync, Expr: "t.Async"})
			case randprog.Future:
				add(siteKey{s.Site, -1}, rt.SiteInfo{Line: line, Kind: rt.KindFuture, Expr: "task.NewFuture"})
			case randprog.Finish:
				add(siteKey{s.Site, -1}, rt.SiteInfo{Line: line, Kind: rt.KindFinish, Expr: "t.Finish"})
			case randprog.Get:
				add(siteKey{s.Site, -1}, rt.SiteInfo{Line: line, Kind: rt.KindGet, Expr: "f.Get"})
			case randprog.Isolated:
				add(siteKey{s.Site, -1}, rt.SiteInfo{Line: line, Kind: rt.KindIsolated, Expr: "t.Isolated",
					Commute: r.in.Commute[s.Site]})
			}
			walk(s.Body)
		}
	}
	walk(r.in.Program.Body)
	base := rt.Register("xprog", infos)
	for i, k := range keys {
		r.sites[k] = base + uint32(i)
	}
}

func (r *runner) body(t *task.T, body []randprog.Stmt) {
	for i := range body {
		r.stmt(t, &body[i])
	}
}

func (r *runner) stmt(t *task.T, s *randprog.Stmt) {
	site := r.sites[siteKey{s.Site, -1}]
	switch s.Op {
	case randprog.Read, randprog.Write:
		r.access(s)
	case randprog.Async:
		rt.At(t, site).Async(func(t *task.T) { r.body(t, s.Body) })
	case randprog.Future:
		r.futures[s.Handle] = task.NewFuture(rt.At(t, site), func(t *task.T) struct{} {
			r.body(t, s.Body)
			return struct{}{}
		})
	case randprog.Finish:
		rt.At(t, site).Finish(func(t *task.T) { r.body(t, s.Body) })
	case randprog.Get:
		f := r.futures[s.Handle]
		if f == nil {
			panic(fmt.Sprintf("xprog: #%d gets future f%d before it was created: this schedule reaches the Get first", s.Site, s.Handle))
		}
		rt.At(f, site).Get()
	case randprog.Isolated:
		rt.At(t, site).Isolated(func() { r.body(t, s.Body) })
	}
}

// access makes the hooks of an access statement, then the access itself.
func (r *runner) access(s *randprog.Stmt) {
	mem := arena[s.Off : s.Off+s.Size]
	write := s.Op == randprog.Write
	if r.in.Bytes {
		for i := range mem {
			site := r.sites[siteKey{s.Site, s.Off + i}]
			if write {
				rt.Write(&mem[i], site)
			} else {
				rt.Read(&mem[i], site)
			}
		}
	} else {
		site := r.sites[siteKey{s.Site, s.Off}]
		if write {
			rt.WriteSlice(mem, site)
		} else {
			rt.ReadSlice(mem, site)
		}
	}
	for i := range mem {
		if write {
			mem[i]++
		} else {
			_ = mem[i]
		}
	}
}
