package rt

import "github.com/tpinstr/tpinstr/rt/internal/sites"

// Kind says what a site is.
type Kind uint8

// Site kinds.
const (
	KindUnknown  Kind = iota
	KindRead          // a read of memory
	KindWrite         // a write of memory
	KindAsync         // t.Async, t.ForAsync
	KindFuture        // task.NewFuture
	KindFinish        // t.Finish, t.ForAll
	KindGet           // (*task.Future).Get
	KindIsolated      // t.Isolated
	KindRun           // task.Run

	// Plain Go: the sites of the operations the rewriter gives hooks of
	// package rt (gohooks.go).
	KindGo        // a go statement, and t.Parallel (the rest of a subtest runs beside its siblings)
	KindSend      // ch <- v
	KindRecv      // <-ch, and a range loop over a channel
	KindClose     // close(ch)
	KindSelect    // a select statement
	KindMutex     // Lock, Unlock and their forms, of Mutex, RWMutex and sync.Locker
	KindWaitGroup // WaitGroup.Add, Done, Wait and Go
	KindOnce      // Once.Do
	KindCond      // Cond.Wait, Signal and Broadcast
	KindAtomic    // a function of sync/atomic, or a method of one of its types
	KindTime      // time.Sleep, time.After, time.AfterFunc, time.Now and the others of the run's clock
	KindErrgroup  // a method of errgroup.Group
	KindGosched   // runtime.Gosched
)

// SiteInfo describes a site in the user's original source.
type SiteInfo struct {
	File string // the file as the user named it (absolute path)
	Line int32
	Col  int32
	Kind Kind
	Expr string // the variable or expression accessed, or the call made
	Func string // the enclosing function
	// Commute, for an Isolated call, is the class of commutative update its
	// body is (1 add, 2 multiply, 3 or, 4 and, 5 xor), or 0: two sections
	// of one nonzero class commute, so exploration tries one order of them.
	Commute uint8
}

// Register records the sites of one rewritten file and returns the index of
// its first site; the file's hooks name site k as base+k. It is called from
// the init function of a generated site package, which holds the file's
// table as static data.
func Register(pkg string, infos []SiteInfo) uint32 {
	_ = pkg
	out := make([]sites.Info, len(infos))
	for i, si := range infos {
		out[i] = sites.Info{
			File: si.File, Line: si.Line, Col: si.Col, Kind: sites.Kind(si.Kind),
			Expr: si.Expr, Func: si.Func, Commute: si.Commute,
		}
	}
	return sites.Register(out)
}

// RegisterFields registers the field reads and writes of one rewritten
// file, from its site package's init function: flags[i] guards the hooks
// of the reads of the fields that reads[i] names (keys separated by
// spaces), and writes names the fields that the file's hooked writes may
// write ("*": any). Once the program starts (Start, TestBegin), the flag
// of a read of fields that no registered file writes is cleared, and the
// read's hook no longer runs: a read races only with a write, and every
// write of such a field is the initialization of a new object or is made
// by code that has no hooks either.
func RegisterFields(flags []bool, reads, writes []string) {
	sites.RegisterFields(flags, reads, writes)
}
