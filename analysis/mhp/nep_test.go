package mhp

import "testing"

// figure4 is the program of Figure 4 of the MHP paper in Go: a write to sN
// stands for statement SN.
const figure4 = `package p

import "github.com/tpinstr/tpinstr/rt/task"

var s2, s3, s4, s5, s8, s9, s10, s11, s12 int

func fig4(t *task.T) {
	t.Finish(func(t *task.T) { // S0
		t.Async(func(t *task.T) { // S1
			t.Finish(func(t *task.T) {
				s5 = 1
				t.Async(func(t *task.T) { s11 = 1 }) // S6
				t.Async(func(t *task.T) { s12 = 1 }) // S7
			})
			s8 = 1
			s9 = 1
			s10 = 1
		})
		s2 = 1
	})
	s3 = 1
	s4 = 1
}

// fragment is the X10 fragment { S1 ; async S2 ; S3 ; async S4 ; } used in
// section 4 to illustrate the four cases of step 5.
func fragment(t *task.T) {
	s2 = 1 // S1
	t.Async(func(t *task.T) { s3 = 1 }) // async S2
	s4 = 1 // S3
	t.Async(func(t *task.T) { s5 = 1 }) // async S4
}
`

func TestNEPFigure4(t *testing.T) {
	tr := build(t, figure4, "fig4")
	tests := []struct {
		s1, s2 string
		nep    bool
	}{
		// The paper's walk-through: NEP(S4, S11) = true by step 5(d).
		{"w s4", "w s11", true},
		{"w s4", "w s12", true},
		// The nested finish joins S11 and S12 before S10.
		{"w s10", "w s11", true},
		{"w s10", "w s12", true},
		{"w s5", "w s11", true},
		// S2 runs in the parent while the async S1 runs.
		{"w s2", "w s11", false},
		{"w s2", "w s10", false},
		{"w s2", "w s5", false},
		// Two asyncs of one finish.
		{"w s11", "w s12", false},
		{"w s3", "w s2", true},
	}
	for _, tt := range tests {
		a, b := leaf(t, tr, tt.s1), leaf(t, tr, tt.s2)
		for _, order := range [][2]string{{tt.s1, tt.s2}, {tt.s2, tt.s1}} {
			x, y := a, b
			if order[0] != tt.s1 {
				x, y = b, a
			}
			r := tr.NEP(x, y)
			if got := len(r.CS) > 0; got != tt.nep {
				t.Errorf("NEP(%s, %s) = %v (CS %s), want %v", order[0], order[1], got, vectors(r.CS), tt.nep)
			}
		}
	}
}

func TestNEPFragmentCases(t *testing.T) {
	tr := build(t, figure4, "fragment")
	tests := []struct {
		name   string
		s1, s2 string
		nep    bool
	}{
		{"case 1: NEP(S1, S3)", "w s2", "w s4", true},
		{"case 2: NEP(S1, S2)", "w s2", "w s3", true},
		{"case 3: NEP(S2, S3)", "w s3", "w s4", false},
		{"case 4: NEP(S2, S4)", "w s3", "w s5", false},
	}
	for _, tt := range tests {
		r := tr.NEP(leaf(t, tr, tt.s1), leaf(t, tr, tt.s2))
		if got := len(r.CS) > 0; got != tt.nep {
			t.Errorf("%s = %v, want %v", tt.name, got, tt.nep)
		}
	}
}

// figure1 is a Go rendering of the loop nest of Figure 1: three loops, a
// finish in the outer one, an async in the inner one, S1 inside atomic.
const figure1 = `package p

import "github.com/tpinstr/tpinstr/rt/task"

var s1, s2 int

func fig1(t *task.T, n int) {
	for i := 0; i < n; i++ { // L1
		t.Finish(func(t *task.T) {
			for j := 0; j < n; j++ { // L2
				for k := 0; k < n; k++ { // L3
					t.Async(func(t *task.T) {
						t.Isolated(func() { s1 = 1 })
						s2 = 1
					})
				}
			}
		})
	}
}

func fig1BothIsolated(t *task.T, n int) {
	for i := 0; i < n; i++ {
		t.Finish(func(t *task.T) {
			for j := 0; j < n; j++ {
				for k := 0; k < n; k++ {
					t.Async(func(t *task.T) {
						t.Isolated(func() { s1 = 1 })
						t.Isolated(func() { s2 = 1 })
					})
				}
			}
		})
	}
}
`

func TestNEPFigure1Vectors(t *testing.T) {
	tr := build(t, figure1, "fig1")
	r := tr.NEP(leaf(t, tr, "w s1"), leaf(t, tr, "w s2"))
	// The paper: CS = {⟨=,=,=⟩, ⟨≠,*,*⟩}.
	if got, want := vectors(r.CS), "[⟨=,=,=⟩ ⟨≠,*,*⟩]"; got != want {
		t.Errorf("NEP(S1, S2) CS = %s, want %s", got, want)
	}
	m := tr.MHP(leaf(t, tr, "w s1"), leaf(t, tr, "w s2"))
	if m.Isolated1 != true || m.Isolated2 != false {
		t.Errorf("isolated = %v, %v; want true, false", m.Isolated1, m.Isolated2)
	}
	// Different j or k in the same i: both may run in parallel.
	w, par := tr.Parallel(leaf(t, tr, "w s1"), leaf(t, tr, "w s2"), nil)
	if !par {
		t.Fatalf("Parallel(S1, S2) = false, want true")
	}
	if w.Assignment[0] != Eq {
		t.Errorf("witness %v: want equal i", w.Assignment)
	}
}

func TestMHPFigure7OnePlace(t *testing.T) {
	tr := build(t, figure1, "fig1BothIsolated")
	a, b := leaf(t, tr, "w s1"), leaf(t, tr, "w s2")
	m := tr.MHP(a, b)
	// Figure 7 step 4: NEP ∪ PE, and with one place PE is ⟨*,*,*⟩.
	if got, want := vectors(m.CS), "[⟨=,=,=⟩ ⟨≠,*,*⟩ ⟨*,*,*⟩]"; got != want {
		t.Errorf("MHP CS = %s, want %s", got, want)
	}
	if _, par := tr.Parallel(a, b, nil); par {
		t.Errorf("two isolated accesses reported as parallel")
	}
	if _, par := tr.Parallel(a, a, nil); par {
		t.Errorf("an isolated access reported as parallel with itself")
	}
}
