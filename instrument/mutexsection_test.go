package instrument

import (
	"go/ast"
	"testing"
)

// TestSectionClass checks which sections of a mutex the rewriter takes for
// commutative (mutexsection.go): the rule of Isolated bodies
// (TestCommuteClass) applied to the statements of the section, in the
// Lock…Unlock and the Lock, defer Unlock forms.
func TestSectionClass(t *testing.T) {
	tests := []struct {
		name, fn string
		want     int
	}{
		{"increment", `mu.Lock(); count++; mu.Unlock()`, commuteAdd},
		{"add a parameter", `mu.Lock(); count += k; mu.Unlock()`, commuteAdd},
		{"or", `mu.Lock(); flags |= 4; mu.Unlock()`, commuteOr},
		{"field through a pointer", `c.mu.Lock(); c.n += k; c.mu.Unlock()`, commuteAdd},
		{"embedded mutex", `e.Lock(); e.n++; e.Unlock()`, commuteAdd},
		{"rwmutex for writing", `rw.Lock(); count++; rw.Unlock()`, commuteAdd},
		{"defer form", `mu.Lock(); defer mu.Unlock(); count++`, commuteAdd},
		{"defer form with a bare return", `mu.Lock(); defer mu.Unlock(); count++; return`, commuteAdd},
		{"defer form with more", `mu.Lock(); defer mu.Unlock(); count++; g()`, commuteNone},
		{"mixed classes", `mu.Lock(); count++; prod *= 2; mu.Unlock()`, commuteNone},
		{"plain assignment", `mu.Lock(); count = count + 1; mu.Unlock()`, commuteNone},
		{"read of the protected state", `mu.Lock(); count += total; mu.Unlock()`, commuteNone},
		{"operand assigned in another section", `mu.Lock(); count += v; mu.Unlock()`, commuteNone},
		{"call", `mu.Lock(); count += g(); mu.Unlock()`, commuteNone},
		{"branch on a stable value", `mu.Lock(); if k > 0 { count++ }; mu.Unlock()`, commuteAdd},
		{"branch on a shared value", `mu.Lock(); if count > 0 { count++ }; mu.Unlock()`, commuteNone},
		{"empty section", `mu.Lock(); mu.Unlock()`, commuteNone},
		{"another mutex's unlock", `mu.Lock(); count++; mu2.Unlock()`, commuteNone},
		{"unlock in a nested block", `mu.Lock(); count++; { mu.Unlock() }`, commuteNone},
		{"indexed mutex", `mus[k].Lock(); count++; mus[k].Unlock()`, commuteNone},
		{"read lock", `rw.RLock(); count++; rw.RUnlock()`, commuteNone},
		{"locker interface", `l.Lock(); count++; l.Unlock()`, commuteNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := `package p
import "sync"
var mu, mu2 sync.Mutex
var rw sync.RWMutex
var mus [2]sync.Mutex
var l sync.Locker = &mu
var count, total, prod int
var flags uint8
type counter struct { mu sync.Mutex; n int }
type embeds struct { sync.Mutex; n int }
func g() int { return 1 }
func other(v *int) { mu.Lock(); *v = 1; mu.Unlock() }
func use(c *counter, e *embeds, k int) {
	v := 0
	mu.Lock(); v = 3; mu.Unlock()
	_ = v
	func() { ` + tt.fn + ` }()
}
`
			f, _ := commuteFixture(t, src)
			lock := lastLock(f.file)
			if got := f.sectionClass(lock); got != tt.want {
				t.Errorf("sectionClass(%q) = %d, want %d", tt.fn, got, tt.want)
			}
		})
	}
}

// lastLock returns the first call of a method named Lock or RLock in the
// last function literal of file.
func lastLock(file *ast.File) *ast.CallExpr {
	var lit *ast.FuncLit
	ast.Inspect(file, func(n ast.Node) bool {
		if l, ok := n.(*ast.FuncLit); ok {
			lit = l
		}
		return true
	})
	var lock *ast.CallExpr
	ast.Inspect(lit, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && lock == nil {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && (sel.Sel.Name == "Lock" || sel.Sel.Name == "RLock") {
				lock = c
			}
		}
		return true
	})
	return lock
}

// TestSectionSwitch checks that with the commute optimization switched
// off no section of a mutex is commutative.
func TestSectionSwitch(t *testing.T) {
	src := "package p\n\nimport \"sync\"\n\nvar mu sync.Mutex\n\nvar n int\n\nfunc f() { mu.Lock(); n++; mu.Unlock() }\n"
	f, _ := commuteFixture(t, src)
	f.disable = map[string]bool{OptCommute: true}
	if got := f.sectionClass(lastLockIn(f.file)); got != commuteNone {
		t.Errorf("sectionClass(n++) with %s off = %d, want %d", OptCommute, got, commuteNone)
	}
	f, _ = commuteFixture(t, src)
	if got := f.sectionClass(lastLockIn(f.file)); got != commuteAdd {
		t.Errorf("sectionClass(n++) = %d, want %d (commuteAdd)", got, commuteAdd)
	}
}

// lastLockIn returns the last call of a method named Lock in file.
func lastLockIn(file *ast.File) *ast.CallExpr {
	var lock *ast.CallExpr
	ast.Inspect(file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Lock" {
				lock = c
			}
		}
		return true
	})
	return lock
}
