package task

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestPanicSet checks that a panicSet keeps every distinct panic once, and
// what err returns for no, one and several panics.
func TestPanicSet(t *testing.T) {
	a := &PanicError{Value: "a", Stack: []byte("stack a")}
	b := &PanicError{Value: "b"}
	c := &PanicError{Value: "c", Others: []*PanicError{{Value: "c2"}}}
	tests := []struct {
		name string
		add  []*PanicError
		want []any // panicValues of err(), nil for no panic
		same bool  // err() returns the one added
	}{
		{"none", nil, nil, false},
		{"one", []*PanicError{a}, []any{"a"}, true},
		{"one twice", []*PanicError{a, a}, []any{"a"}, true},
		{"two", []*PanicError{a, b}, []any{"a", "b"}, false},
		{"repeats", []*PanicError{a, b, a, b}, []any{"a", "b"}, false},
		{"first with others", []*PanicError{c, a}, []any{"c", "c2", "a"}, false},
	}
	for _, tt := range tests {
		var ps panicSet
		for _, pe := range tt.add {
			ps.add(pe)
		}
		got := ps.err()
		if tt.want == nil {
			if got != nil {
				t.Errorf("%s: err() = %v, want nil", tt.name, got)
			}
			continue
		}
		if got == nil {
			t.Fatalf("%s: err() = nil", tt.name)
		}
		if vals := panicValues(got); !slices.Equal(vals, tt.want) {
			t.Errorf("%s: values %v, want %v", tt.name, vals, tt.want)
		}
		if (got == tt.add[0]) != tt.same {
			t.Errorf("%s: err() is the first added = %v, want %v", tt.name, got == tt.add[0], tt.same)
		}
	}
	if len(c.Others) != 1 || len(a.Others) != 0 {
		t.Errorf("err() modified the recorded PanicErrors")
	}
}

// TestNewPanicError checks that a recovered value gets the stack of the
// panic, starting at the call of panic, and that a *PanicError is kept as it
// is.
func TestNewPanicError(t *testing.T) {
	var pe *PanicError
	func() {
		defer func() { pe = newPanicError(recover(), false) }()
		explode(42)
	}()
	stack := string(pe.Stack)
	if pe.Value != 42 || !strings.HasPrefix(stack, "goroutine ") {
		t.Fatalf("got value %v and stack\n%s", pe.Value, stack)
	}
	if i, j := strings.Index(stack, "\npanic("), strings.Index(stack, "task.explode("); i < 0 || j < i {
		t.Errorf("stack does not go from the call of panic to explode:\n%s", stack)
	}
	if strings.Contains(stack, "runtime/debug.Stack") || strings.Contains(stack, "newPanicError") {
		t.Errorf("stack shows the recovery machinery:\n%s", stack)
	}
	if again := newPanicError(pe, false); again != pe {
		t.Errorf("newPanicError wrapped a *PanicError again")
	}
	if g := newPanicError(nil, true); !errors.Is(g, ErrGoexit) {
		t.Errorf("newPanicError for a Goexit has value %v, want ErrGoexit", g.Value)
	}
}

// TestTrimStack checks the trimming of debug.Stack texts.
func TestTrimStack(t *testing.T) {
	tests := []struct{ in, from, want string }{
		{"goroutine 1 [running]:\nx()\npanic(1)\nf()\n", "\npanic(", "goroutine 1 [running]:\npanic(1)\nf()\n"},
		{"goroutine 1 [running]:\nx()\nf()\n", "\npanic(", "goroutine 1 [running]:\nx()\nf()\n"},
		{"no header panic(", "\npanic(", "no header panic("},
		{"", "\npanic(", ""},
	}
	for _, tt := range tests {
		if got := string(trimStack([]byte(tt.in), tt.from)); got != tt.want {
			t.Errorf("trimStack(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestPanicErrorText checks that Error shows the value, the stack and every
// other panic.
func TestPanicErrorText(t *testing.T) {
	pe := &PanicError{
		Value:  "first",
		Stack:  []byte("goroutine 1 [running]:\nmain.f()\n"),
		Others: []*PanicError{{Value: errors.New("second"), Stack: []byte("goroutine 2 [running]:\nmain.g()\n")}},
	}
	text := pe.Error()
	for _, want := range []string{"task panicked: first", "main.f()", "1 other task(s)", "task panicked: second", "main.g()"} {
		if !strings.Contains(text, want) {
			t.Errorf("Error() lacks %q:\n%s", want, text)
		}
	}
}
