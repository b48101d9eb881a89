package report

import (
	"fmt"
	"strings"
)

// GoFrame is one goroutine of a creation chain.
type GoFrame struct {
	Goroutine int    `json:"goroutine"`
	By        int    `json:"by,omitempty"` // the goroutine that created it; 0 for goroutine 1
	File      string `json:"file,omitempty"`
	Line      int32  `json:"line,omitempty"`
	Col       int32  `json:"col,omitempty"`
	// Outside says what started a goroutine that the checked program did
	// not start, such as "started by net/http.(*Server).Serve"; its first
	// hook is at File:Line:Col.
	Outside string `json:"outside,omitempty"`
	// Kind names the operation that created the goroutine: "go" for a go
	// statement, "waitgroup" for WaitGroup.Go, "errgroup" for a Group's Go,
	// "time" for time.AfterFunc (the names of sites.Kind); empty for
	// goroutine 1 and for a goroutine the program did not start.
	Kind string `json:"kind,omitempty"`
}

// goText formats a data race between goroutines in the shape of Go's race
// reports: both accesses, then how each goroutine was created.
func (rep Race) goText() string {
	var b strings.Builder
	b.WriteString("==================\nWARNING: DATA RACE\n")
	writeGoAccess(&b, rep.Access, rep.Addr, false)
	b.WriteString("\n")
	writeGoAccess(&b, rep.Previous, rep.Addr, true)
	writeGoCreation(&b, rep.Access.Created)
	if rep.Previous.Goroutine != rep.Access.Goroutine {
		writeGoCreation(&b, rep.Previous.Created)
	}
	fmt.Fprintf(&b, "\n%s.\n", rep.Reason)
	if rep.Schedule != "" {
		b.WriteString(replayLine("Schedule", rep.Schedule, rep.Test))
	}
	b.WriteString("==================\n")
	return b.String()
}

func writeGoAccess(b *strings.Builder, a Access, addr string, previous bool) {
	op := strings.ToUpper(a.Op[:1]) + a.Op[1:]
	if previous {
		op = "Previous " + a.Op
	}
	expr := ""
	if a.Expr != "" {
		expr = " of " + a.Expr
	}
	if noun := syncNouns[a.Kind]; noun != "" {
		// An access that a synchronisation operation makes: the mutex's
		// state word that Lock writes, the word of an atomic operation.
		expr = " of " + noun
		if a.Expr != "" {
			expr += " by " + a.Expr
		}
	}
	who := fmt.Sprintf("goroutine %d", a.Goroutine)
	if a.Goroutine == 0 {
		who = fmt.Sprintf("task %d", a.Task)
	}
	fmt.Fprintf(b, "%s%s at %s by %s:\n", op, expr, addr, who)
	fn := a.Func
	if fn == "" {
		fn = "?"
	}
	fmt.Fprintf(b, "  %s()\n      %s\n", fn, Position(a.File, a.Line, a.Col))
}

func writeGoCreation(b *strings.Builder, chain []GoFrame) {
	if len(chain) == 0 {
		return
	}
	g := chain[0]
	if strings.HasPrefix(g.Outside, "started by testing.") {
		fmt.Fprintf(b, "\nGoroutine %d runs a test or subtest (%s); it first ran rewritten code at %s\n", g.Goroutine, g.Outside, Position(g.File, g.Line, g.Col))
		return
	}
	if g.Outside != "" {
		fmt.Fprintf(b, "\nGoroutine %d was not started by the checked program (%s); it first ran rewritten code at %s\n", g.Goroutine, g.Outside, Position(g.File, g.Line, g.Col))
		return
	}
	if g.By == 0 {
		fmt.Fprintf(b, "\nGoroutine %d is the goroutine that started the check (main's, or the test's)\n", g.Goroutine)
		return
	}
	fmt.Fprintf(b, "\nGoroutine %d created at:\n", g.Goroutine)
	for _, f := range chain {
		if f.By == 0 {
			break
		}
		fmt.Fprintf(b, "      %s by goroutine %d\n", Position(f.File, f.Line, f.Col), f.By)
	}
}

// goText formats a deadlock of goroutines.
func (d Deadlock) goText() string {
	var b strings.Builder
	b.WriteString("==================\nDEADLOCK: all goroutines are asleep\n")
	for _, t := range d.Blocked {
		fmt.Fprintf(&b, "goroutine %d waits (%s) at %s\n", t.Goroutine, t.Waits, Position(t.File, t.Line, t.Col))
		writeCreated(&b, t.Created)
	}
	if d.Schedule != "" {
		b.WriteString(replayLine("Schedule", d.Schedule, d.Test))
	}
	b.WriteString("==================\n")
	return b.String()
}

// Panic is a goroutine that panicked in a schedule that exploration ran:
// the program, run in that schedule, crashes.
type Panic struct {
	Schedule string `json:"schedule"`
	Test     string `json:"-"` // as Race's
	// Goroutine and Created are the goroutine that panicked and its
	// creation chain; Value is the panic's value, printed.
	Goroutine int       `json:"goroutine"`
	Created   []GoFrame `json:"created,omitempty"`
	Value     string    `json:"value"`
	// File and Line are where the user's code panicked (or called what
	// panicked).
	File string `json:"file,omitempty"`
	Line int32  `json:"line,omitempty"`
}

// Text formats the panic in the shape of the deadlock reports.
func (p Panic) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "==================\nPANIC: goroutine %d panics: %s\n", p.Goroutine, p.Value)
	if p.File != "" {
		fmt.Fprintf(&b, "  at %s\n", Position(p.File, p.Line, 0))
	}
	writeCreated(&b, p.Created)
	if p.Schedule != "" {
		b.WriteString(replayLine("Schedule", p.Schedule, p.Test))
	}
	b.WriteString("==================\n")
	return b.String()
}

// Panic writes a panic that a schedule reached.
func (w *Writer) Panic(p Panic) {
	fmt.Fprint(w.Out, p.Text())
	w.jsonLine(struct {
		Type string `json:"type"`
		Panic
	}{"panic", p})
}

// writeCreated writes a goroutine's creation chain, one indented line per
// go statement, up to goroutine 1.
func writeCreated(b *strings.Builder, chain []GoFrame) {
	for _, f := range chain {
		if f.By == 0 {
			break
		}
		fmt.Fprintf(b, "  created at %s by goroutine %d\n", Position(f.File, f.Line, f.Col), f.By)
	}
}

// syncNouns name what an access at a synchronisation site (Access.Kind)
// touches, for the text of a race report.
var syncNouns = map[string]string{
	"mutex":     "the mutex",
	"atomic":    "the atomic variable",
	"send":      "the channel",
	"receive":   "the channel",
	"close":     "the channel",
	"select":    "the channel",
	"waitgroup": "the WaitGroup",
	"once":      "the Once",
	"cond":      "the Cond",
}
