package instrument

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"
)

// exprString is types.ExprString, and "" for nil.
func exprString(x ast.Expr) string {
	if x == nil {
		return ""
	}
	return types.ExprString(x)
}

// TestSectionClass checks which sections of a mutex the rewriter takes for
// commutative (mutexsection.go): the rule of Isolated bodies
// (TestCommuteClass) applied to the statements of the section, in the
// Lock…Unlock and the Lock, defer Unlock forms.
func TestSectionClass(t *testing.T) {
	tests := []struct {
		name, fn string
		want     int
		key      string // the key of an insert section
	}{
		{"increment", `mu.Lock(); count++; mu.Unlock()`, commuteAdd, ""},
		{"add a parameter", `mu.Lock(); count += k; mu.Unlock()`, commuteAdd, ""},
		{"or", `mu.Lock(); flags |= 4; mu.Unlock()`, commuteOr, ""},
		{"field through a pointer", `c.mu.Lock(); c.n += k; c.mu.Unlock()`, commuteAdd, ""},
		{"embedded mutex", `e.Lock(); e.n++; e.Unlock()`, commuteAdd, ""},
		{"rwmutex for writing", `rw.Lock(); count++; rw.Unlock()`, commuteAdd, ""},
		{"defer form", `mu.Lock(); defer mu.Unlock(); count++`, commuteAdd, ""},
		{"defer form with a bare return", `mu.Lock(); defer mu.Unlock(); count++; return`, commuteAdd, ""},
		{"defer form with more", `mu.Lock(); defer mu.Unlock(); count++; g()`, commuteNone, ""},
		{"mixed classes", `mu.Lock(); count++; prod *= 2; mu.Unlock()`, commuteNone, ""},
		{"plain assignment", `mu.Lock(); count = count + 1; mu.Unlock()`, commuteNone, ""},
		{"read of the protected state", `mu.Lock(); count += total; mu.Unlock()`, commuteNone, ""},
		{"operand assigned in another section", `mu.Lock(); count += v; mu.Unlock()`, commuteNone, ""},
		{"call", `mu.Lock(); count += g(); mu.Unlock()`, commuteNone, ""},
		{"branch on a stable value", `mu.Lock(); if k > 0 { count++ }; mu.Unlock()`, commuteAdd, ""},
		{"branch on a shared value", `mu.Lock(); if count > 0 { count++ }; mu.Unlock()`, commuteNone, ""},
		{"empty section", `mu.Lock(); mu.Unlock()`, commuteNone, ""},
		{"another mutex's unlock", `mu.Lock(); count++; mu2.Unlock()`, commuteNone, ""},
		{"unlock in a nested block", `mu.Lock(); count++; { mu.Unlock() }`, commuteNone, ""},
		{"indexed mutex", `mus[k].Lock(); count++; mus[k].Unlock()`, commuteNone, ""},
		{"read lock", `rw.RLock(); count++; rw.RUnlock()`, commuteNone, ""},
		{"locker interface", `l.Lock(); count++; l.Unlock()`, commuteNone, ""},
		{"insert", `mu.Lock(); m[name] = k; mu.Unlock()`, commuteInsert, "name"},
		{"insert, defer form", `mu.Lock(); defer mu.Unlock(); m[name] = k`, commuteInsert, "name"},
		{"insert into two maps under one key", `mu.Lock(); m[name] = k; m2[name] = k + 1; mu.Unlock()`, commuteInsert, "name"},
		{"insert under a constant key", `mu.Lock(); m["a"] = k; mu.Unlock()`, commuteInsert, `"a"`},
		{"insert under a field of a struct value", `mu.Lock(); m[p.name] = k; mu.Unlock()`, commuteInsert, "p.name"},
		{"insert into a field's map", `c.mu.Lock(); c.seen[k] = true; c.mu.Unlock()`, commuteInsert, "k"},
		{"insert into an interface-keyed map", `mu.Lock(); anyKeys[k] = 1; mu.Unlock()`, commuteInsert, "k"},
		{"inserts under two keys", `mu.Lock(); m[name] = k; m[other] = k; mu.Unlock()`, commuteNone, ""},
		{"insert under a key of the section", `mu.Lock(); key := name; m[key] = k; mu.Unlock()`, commuteNone, ""},
		{"insert under a key through a pointer", `mu.Lock(); m[pp.name] = k; mu.Unlock()`, commuteNone, ""},
		{"insert under a computed key", `mu.Lock(); ints[k+1] = k; mu.Unlock()`, commuteNone, ""},
		{"insert of a shared value", `mu.Lock(); m[name] = count; mu.Unlock()`, commuteNone, ""},
		{"insert of a call's value", `mu.Lock(); m[name] = g(); mu.Unlock()`, commuteNone, ""},
		{"insert and update", `mu.Lock(); m[name] = k; count++; mu.Unlock()`, commuteNone, ""},
		{"insert into a map a section assigns", `mu.Lock(); fresh[name] = k; mu.Unlock()`, commuteNone, ""},
		{"insert under a converted key", `mu.Lock(); named[id(name)] = k; mu.Unlock()`, commuteNone, ""},
		{"read of the map", `mu.Lock(); m[name] = len(m); mu.Unlock()`, commuteNone, ""},
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
type embeds struct { sync.Mutex; n int; seen map[int]bool }
type id string
type person struct { name string }
var m, m2 map[string]int
var ints map[int]int
var anyKeys map[any]int
var named map[id]int
var fresh map[string]int
func g() int { return 1 }
func other(v *int) { mu.Lock(); *v = 1; mu.Unlock() }
func reset() { mu.Lock(); fresh = map[string]int{}; mu.Unlock() }
func use(c *counter, e *embeds, k int, name, other string, p person, pp *person) {
	v := 0
	mu.Lock(); v = 3; mu.Unlock()
	_ = v
	func() { ` + tt.fn + ` }()
}
`
			src = strings.Replace(src, "type counter struct { mu sync.Mutex; n int }", "type counter struct { mu sync.Mutex; n int; seen map[int]bool }", 1)
			f, _ := commuteFixture(t, src)
			lock := lastLock(f.file)
			got, key := f.sectionClass(lock)
			if got != tt.want {
				t.Errorf("sectionClass(%q) = %d, want %d", tt.fn, got, tt.want)
			}
			if k := exprString(key); k != tt.key {
				t.Errorf("sectionClass(%q) key %q, want %q", tt.fn, k, tt.key)
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
	if got, _ := f.sectionClass(lastLockIn(f.file)); got != commuteNone {
		t.Errorf("sectionClass(n++) with %s off = %d, want %d", OptCommute, got, commuteNone)
	}
	f, _ = commuteFixture(t, src)
	if got, _ := f.sectionClass(lastLockIn(f.file)); got != commuteAdd {
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
