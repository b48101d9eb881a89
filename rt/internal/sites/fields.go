package sites

import (
	"strings"
	"sync"
)

// Fields that no rewritten code writes.
//
// The rewriter gives the hook of a read of a struct field (x.f, with f a
// field of a named struct type) a flag, and every rewritten file says,
// when its site package is initialized, which fields its hooked writes
// may write (RegisterFields). A flag starts true: the hook runs. Once
// every package of the program is initialized (SettleFields, called at
// the start of func main and of each test), the flag of a read whose
// fields no rewritten file writes is cleared, and its hook stops running
// (the rewriter's fields.go gives the argument, and what counts as a
// write).
//
// Why that hides no race the hooks would find. A race needs a write. A
// read whose hook no longer runs reads a field that no hooked access of
// the program writes: every write to it is either the initialization of
// a new object or variable (a composite literal, new, make, a
// declaration), which no other task or goroutine can reach yet, or a
// write made by code that is not rewritten, which has no hook either. So
// no pair that the detector could report includes the read. The files of
// a program register before func main and the tests run, because site
// packages are initialized with the packages that import them; a file
// registered later (a plugin) sets its fields' flags again from then on.
//
// The table is of the process, as the site table is: generated code
// registers into it from package initializers.
type fieldTable struct {
	mu      sync.Mutex
	written map[string]bool // keys some rewritten file writes
	any     bool            // some rewritten file may write any field (package reflect, uintptr arithmetic)
	reads   []fieldRead
	settled bool
}

// fieldRead is the flag of one read site and the keys of the fields the
// read reads.
type fieldRead struct {
	flag *bool
	keys []string
}

// AnyField is the key with which a file says that it may write any field.
const AnyField = "*"

var fields = fieldTable{written: map[string]bool{}}

// RegisterFields registers the field reads and writes of one rewritten
// file: flags[i] guards the hooks of the reads of the fields reads[i]
// names (keys separated by spaces), and writes are the keys of the fields
// the file's hooked writes may write (AnyField: every field). A key is
// the import path of the package that declares the field's struct type,
// the type's name and the field's name, joined by dots.
func RegisterFields(flags []bool, reads []string, writes []string) {
	fields.register(flags, reads, writes)
}

func (t *fieldTable) register(flags []bool, reads []string, writes []string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, k := range writes {
		if k == AnyField {
			t.any = true
		}
		t.written[k] = true
	}
	for i, set := range reads {
		if i < len(flags) {
			t.reads = append(t.reads, fieldRead{flag: &flags[i], keys: strings.Fields(set)})
		}
	}
	if t.settled {
		t.apply()
	}
}

// SettleFields clears the flags of the reads whose fields no registered
// file writes. It is called once every package of the program is
// initialized, at the start of main and of every test; after the first
// call it does nothing, since a file registered later updates the flags
// itself (RegisterFields).
func SettleFields() { fields.settle() }

func (t *fieldTable) settle() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.settled {
		return
	}
	t.settled = true
	t.apply()
}

// apply sets each flag to whether some registered file writes one of its
// fields.
func (t *fieldTable) apply() {
	for _, r := range t.reads {
		w := t.any
		for _, k := range r.keys {
			if t.written[k] {
				w = true
				break
			}
		}
		if *r.flag != w {
			*r.flag = w
		}
	}
}
