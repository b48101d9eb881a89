// Package report is what the checker writes: race, permission and deadlock
// reports, as text in the shape of Go's race reports on standard error and,
// with the json option, as one JSON object a line; and the log of findings
// that decides exit statuses and failing tests.
//
// It knows nothing of tasks or schedules: the checker fills the reports in
// and decides when to write them; a Writer writes them.
package report

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"regexp"
	"strings"
)

// Race is a determinacy race report; its JSON form is what the json option
// writes.
type Race struct {
	Type     string `json:"type"` // "race"
	Addr     string `json:"addr"`
	Access   Access `json:"access"`
	Previous Access `json:"previous"`
	Reason   string `json:"reason"`
	// Schedule is the order of isolated sections that produced the race,
	// for TPINSTR=replay=SCHEDULE; empty when every order has it.
	Schedule string `json:"schedule,omitempty"`
	// Test is the test that the schedule is one of, in a test binary,
	// whose -run pattern the replay needs: the option applies to every
	// test the binary runs.
	Test string `json:"-"`
}

// replayLine is the line of a report that names the schedule that shows
// it (what names its kind) and how to replay it: with the replay option,
// and, in a test binary, with -run of the test's top-level test, as the
// option applies to every test that the binary runs.
func replayLine(what, schedule, test string) string {
	line := fmt.Sprintf("%s: %s (replay it with TPINSTR=replay=%s", what, schedule, schedule)
	if test != "" {
		top, _, _ := strings.Cut(test, "/")
		line += fmt.Sprintf(" and tpinstr test -run '^%s$'", regexp.QuoteMeta(top))
	}
	return line + ")\n"
}

// Access is one access (or task-library call) of a report.
type Access struct {
	Op       string       `json:"op"` // "read" or "write", or the call
	Expr     string       `json:"expr,omitempty"`
	File     string       `json:"file,omitempty"`
	Line     int32        `json:"line,omitempty"`
	Col      int32        `json:"col,omitempty"`
	Func     string       `json:"func,omitempty"`
	Isolated bool         `json:"isolated,omitempty"`
	Task     uint32       `json:"task"`
	Spawns   []SpawnFrame `json:"spawns"` // the task, its parent, … up to the root
	// Goroutine is the goroutine that made the access, in a run of plain
	// goroutines, and Created its creation chain: the goroutine, the one
	// that created it, … up to goroutine 1.
	Goroutine int       `json:"goroutine,omitempty"`
	Created   []GoFrame `json:"created,omitempty"`
	// Kind names the synchronisation operation whose site the access is
	// at, when it is one ("mutex" for the read of a mutex that Lock makes,
	// "atomic" for the word an atomic operation updates; the names of
	// sites.Kind), and is empty for the plain reads and writes of the
	// program.
	Kind string `json:"kind,omitempty"`
}

// SpawnFrame is where one task of a spawn chain was spawned.
type SpawnFrame struct {
	Task uint32 `json:"task"`
	Kind string `json:"kind"` // "root", "async" or "future"
	File string `json:"file,omitempty"`
	Line int32  `json:"line,omitempty"`
	Col  int32  `json:"col,omitempty"`
}

// Deadlock describes a state in which no task can run.
type Deadlock struct {
	Schedule string    `json:"schedule"`
	Blocked  []Blocked `json:"blocked"`
	Test     string    `json:"-"` // as Race's
}

// Blocked is a task (or a goroutine) of a deadlock and where it waits.
type Blocked struct {
	// Goroutine and Created name a goroutine of a run of plain goroutines
	// and its creation chain; Task and Spawns a task of rt/task.
	Goroutine int          `json:"goroutine,omitempty"`
	Created   []GoFrame    `json:"created,omitempty"`
	Task      uint32       `json:"task"`
	Waits     string       `json:"waits"` // "finish", "get" or "isolated"
	File      string       `json:"file,omitempty"`
	Line      int32        `json:"line,omitempty"`
	Col       int32        `json:"col,omitempty"`
	Spawns    []SpawnFrame `json:"spawns"`
}

// The kinds of permission reports, as Permission.Kind gives them.
const (
	PermReleaseUnheld  = "release-unheld"   // a release that matches no held permission
	PermWriteUnderRead = "write-under-read" // a write of a location held for reading only
	PermHeldAtEnd      = "held-at-end"      // a task ended while holding a permission
	PermShared         = "shared"           // strict mode: sharing outside regions and Isolated
)

// Permission is a permission report; its JSON form is what the json option
// writes.
type Permission struct {
	Type   string  `json:"type"` // "permission"
	Kind   string  `json:"kind"` // one of the Perm constants
	Addr   string  `json:"addr"`
	Access Access  `json:"access"`
	Other  *Access `json:"other,omitempty"` // the other access or region involved, if any
	Reason string  `json:"reason"`
}

// Text formats the report in the shape of Go's race reports.
func (rep Race) Text() string {
	if rep.Access.Goroutine != 0 || rep.Previous.Goroutine != 0 {
		return rep.goText()
	}
	var b strings.Builder
	b.WriteString("==================\nWARNING: DETERMINACY RACE\n")
	writeAccess(&b, rep.Access, rep.Addr, false)
	b.WriteString("\n")
	writeAccess(&b, rep.Previous, rep.Addr, true)
	fmt.Fprintf(&b, "\n%s.\n", rep.Reason)
	if rep.Schedule != "" {
		b.WriteString(replayLine("Schedule of isolated sections", rep.Schedule, rep.Test))
	}
	b.WriteString("==================\n")
	return b.String()
}

// Text formats the report in the shape of the race reports.
func (rep Permission) Text() string {
	var b strings.Builder
	if rep.Kind == PermShared {
		b.WriteString("==================\nWARNING: SHARED ACCESS OUTSIDE PERMISSION REGIONS\n")
	} else {
		b.WriteString("==================\nWARNING: PERMISSION ERROR\n")
	}
	writeAccess(&b, rep.Access, rep.Addr, false)
	if rep.Other != nil {
		b.WriteString("\n")
		o := *rep.Other
		if rep.Kind == PermWriteUnderRead {
			o.Op = "read permission"
		} else {
			o.Op = "other task's " + o.Op
		}
		writeAccess(&b, o, rep.Addr, false)
	}
	fmt.Fprintf(&b, "\n%s.\n==================\n", rep.Reason)
	return b.String()
}

// Text formats the deadlock report.
func (d Deadlock) Text() string {
	if len(d.Blocked) > 0 && d.Blocked[0].Goroutine != 0 {
		return d.goText()
	}
	var b strings.Builder
	b.WriteString("==================\nDEADLOCK: no task can run\n")
	for _, t := range d.Blocked {
		fmt.Fprintf(&b, "task %d waits at %s %s\n", t.Task, map[string]string{
			"finish": "the end of the Finish at", "get": "the Get at", "isolated": "the entry of the Isolated at",
		}[t.Waits], Position(t.File, t.Line, t.Col))
		for _, f := range t.Spawns {
			if f.Kind == "root" {
				fmt.Fprintf(&b, "  task %d is the root task, started by task.Run at %s\n", f.Task, Position(f.File, f.Line, f.Col))
			} else {
				fmt.Fprintf(&b, "  task %d (%s) spawned at %s\n", f.Task, f.Kind, Position(f.File, f.Line, f.Col))
			}
		}
	}
	if d.Schedule != "" {
		b.WriteString(replayLine("Schedule of isolated sections", d.Schedule, d.Test))
	}
	b.WriteString("==================\n")
	return b.String()
}

func writeAccess(b *strings.Builder, a Access, addr string, previous bool) {
	op := strings.ToUpper(a.Op[:1]) + a.Op[1:]
	if previous {
		op = "Previous " + a.Op
	}
	if a.Isolated {
		op += " inside Isolated"
	}
	expr := ""
	if a.Expr != "" {
		expr = " of " + a.Expr
	}
	fmt.Fprintf(b, "%s%s at %s by task %d:\n", op, expr, addr, a.Task)
	fn := a.Func
	if fn == "" {
		fn = "?"
	}
	fmt.Fprintf(b, "  %s()\n      %s\n", fn, Position(a.File, a.Line, a.Col))
	for i, f := range a.Spawns {
		switch {
		case f.Kind == "root":
			fmt.Fprintf(b, "  task %d is the root task, started by task.Run at %s\n", f.Task, Position(f.File, f.Line, f.Col))
		case i+1 < len(a.Spawns):
			fmt.Fprintf(b, "  task %d (%s) spawned at %s by task %d\n", f.Task, f.Kind, Position(f.File, f.Line, f.Col), a.Spawns[i+1].Task)
		default:
			fmt.Fprintf(b, "  task %d (%s) spawned at %s\n", f.Task, f.Kind, Position(f.File, f.Line, f.Col))
		}
	}
}

// Position writes a source position as file:line:col, file:line when col
// is unknown, or <unknown position>.
func Position(file string, line, col int32) string {
	if file == "" {
		return "<unknown position>"
	}
	if col > 0 {
		return fmt.Sprintf("%s:%d:%d", file, line, col)
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// OpName is "write" or "read".
func OpName(write bool) string {
	if write {
		return "write"
	}
	return "read"
}

// Plural writes n and noun, with an s unless n is 1.
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Writer writes reports as text to Out and, when JSON is not nil, as JSON
// lines to JSON.
type Writer struct {
	Out  io.Writer
	JSON *os.File
}

// Race writes a race report.
func (w *Writer) Race(rep Race) {
	fmt.Fprint(w.Out, rep.Text())
	w.jsonLine(rep)
}

// Permission writes a permission report.
func (w *Writer) Permission(rep Permission) {
	fmt.Fprint(w.Out, rep.Text())
	w.jsonLine(rep)
}

// Deadlock writes a deadlock report; its JSON object has type "deadlock".
func (w *Writer) Deadlock(d Deadlock) {
	fmt.Fprint(w.Out, d.Text())
	w.jsonLine(struct {
		Type string `json:"type"`
		Deadlock
	}{"deadlock", d})
}

// Sync makes sure the JSON lines are on disk. Reports are written when
// they are found, so nothing else is buffered.
func (w *Writer) Sync() {
	if w.JSON != nil {
		_ = w.JSON.Sync()
	}
}

func (w *Writer) jsonLine(v any) {
	if w.JSON == nil {
		return
	}
	b, err := json.Marshal(v)
	if err == nil {
		_, err = w.JSON.Write(append(b, '\n'))
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "tpinstr: json option: %v\n", err)
	}
}

// Key identifies a race report by the positions of its two accesses, which
// is what the user sees: reports of one pair of positions are one report,
// whichever run or schedule found them, and whichever of the two came
// first there (a schedule that runs a racing step later finds the pair
// the other way round).
type Key struct{ A, B uint32 }

// Key returns the key of the report.
func (rep Race) Key() Key {
	a, b := positionHash(rep.Previous), positionHash(rep.Access)
	return Key{min(a, b), max(a, b)}
}

// positionHash hashes the position and operation of an access.
func positionHash(a Access) uint32 {
	h := fnv.New32a()
	fmt.Fprintf(h, "%s:%d:%d:%s", a.File, a.Line, a.Col, a.Op)
	return h.Sum32()
}
