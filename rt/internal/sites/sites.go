// Package sites is the process's table of sites: the positions, in the
// user's original files, of the accesses and task-library calls that
// rewritten code reports. Hooks name a site by a small integer, an index in
// this table, so that hot hooks never carry strings; reports look the site
// up when they describe an access.
//
// The table is global for the same reason runtime/race's state is:
// generated code registers into it from package initializers, through
// rt.Register.
package sites

import "sync"

// Kind says what a site is. Its values are those of rt.Kind.
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
	KindGo        // a go statement
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

// Info describes a site in the user's original source.
type Info struct {
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

// table is the process-wide table of registered sites. Index 0 is the
// unknown site.
var table = struct {
	mu    sync.RWMutex
	infos []Info
}{infos: []Info{{}}}

// Register appends the sites infos to the table and returns the index of
// the first; site k of infos is then base+k.
func Register(infos []Info) (base uint32) {
	table.mu.Lock()
	defer table.mu.Unlock()
	base = uint32(len(table.infos))
	table.infos = append(table.infos, infos...)
	return base
}

// Lookup returns the description of site s, or a zero Info when s was
// never registered.
func Lookup(s uint32) Info {
	table.mu.RLock()
	defer table.mu.RUnlock()
	if int(s) < len(table.infos) {
		return table.infos[s]
	}
	return Info{}
}
