package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestRaceText checks the shape of a race report: Go's race report
// headings, both accesses with their spawn chains, the reason and the
// schedule line when a schedule produced the race.
func TestRaceText(t *testing.T) {
	rep := Race{
		Type: "race", Addr: "0xc000012345",
		Access: Access{Op: "write", Expr: "sum", File: "/p/main.go", Line: 16, Col: 4, Func: "main.main.func1.1", Task: 3,
			Spawns: []SpawnFrame{{Task: 3, Kind: "async", File: "/p/main.go", Line: 15, Col: 3}, {Task: 1, Kind: "root", File: "/p/main.go", Line: 14, Col: 2}}},
		Previous: Access{Op: "read", Isolated: true, Task: 2},
		Reason:   "task 2 is joined neither by a finish nor by a Get before task 3's write",
	}
	tests := []struct {
		name     string
		schedule string
		test     string
		want     []string
		wantNot  []string
	}{
		{"serial", "", "", []string{
			"==================\nWARNING: DETERMINACY RACE\n",
			"Write of sum at 0xc000012345 by task 3:\n  main.main.func1.1()\n      /p/main.go:16:4\n",
			"  task 3 (async) spawned at /p/main.go:15:3 by task 1\n  task 1 is the root task, started by task.Run at /p/main.go:14:2\n",
			"Previous read inside Isolated at 0xc000012345 by task 2:\n  ?()\n      <unknown position>\n",
			"\ntask 2 is joined neither by a finish nor by a Get before task 3's write.\n==================\n",
		}, []string{"Schedule"}},
		{"explored", "2.3", "", []string{"Schedule of isolated sections: 2.3 (replay it with TPINSTR=replay=2.3)\n"}, nil},
		{"explored in a subtest", "2.3", "TestSum/big.one", []string{"Schedule of isolated sections: 2.3 (replay it with TPINSTR=replay=2.3 and tpinstr test -run '^TestSum$')\n"}, nil},
	}
	for _, tt := range tests {
		r := rep
		r.Schedule, r.Test = tt.schedule, tt.test
		got := r.Text()
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: the report lacks %q:\n%s", tt.name, w, got)
			}
		}
		for _, w := range tt.wantNot {
			if strings.Contains(got, w) {
				t.Errorf("%s: the report has %q:\n%s", tt.name, w, got)
			}
		}
	}
}

// TestKey checks that reports are keyed by the positions and operations of
// their accesses, not by tasks or addresses.
func TestKey(t *testing.T) {
	a := Race{Access: Access{Op: "write", File: "f.go", Line: 3, Col: 1, Task: 2}, Previous: Access{Op: "read", File: "f.go", Line: 2, Col: 1, Task: 1}, Addr: "0x1"}
	b := a
	b.Addr, b.Access.Task, b.Previous.Task = "0x2", 7, 5
	if a.Key() != b.Key() {
		t.Errorf("reports that differ in tasks and address have different keys")
	}
	c := a
	c.Access.Line = 4
	d := a
	d.Previous.Op = "write"
	if a.Key() == c.Key() || a.Key() == d.Key() {
		t.Errorf("reports of different positions or operations have one key")
	}
}

// TestWriter checks that a Writer writes text to Out and one JSON object a
// line with its type when JSON is set.
func TestWriter(t *testing.T) {
	var out bytes.Buffer
	w := &Writer{Out: &out, JSON: nil}
	w.Race(Race{Type: "race", Access: Access{Op: "write"}, Previous: Access{Op: "read"}, Reason: "r"})
	w.Deadlock(Deadlock{Blocked: []Blocked{{Task: 2, Waits: "get", File: "f.go", Line: 1}}})
	w.Permission(Permission{Type: "permission", Kind: PermShared, Access: Access{Op: "read"}, Reason: "s"})
	for _, want := range []string{"DETERMINACY RACE", "DEADLOCK: no task can run\ntask 2 waits at the Get at f.go:1\n", "SHARED ACCESS OUTSIDE PERMISSION REGIONS"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, out.String())
		}
	}

	f, err := createTemp(t)
	if err != nil {
		t.Fatal(err)
	}
	w = &Writer{Out: &bytes.Buffer{}, JSON: f}
	w.Race(Race{Type: "race", Access: Access{Op: "write"}, Previous: Access{Op: "read"}})
	w.Deadlock(Deadlock{Schedule: "2"})
	w.Sync()
	lines := readLines(t, f.Name())
	var types []string
	for _, l := range lines {
		var v struct{ Type string }
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		types = append(types, v.Type)
	}
	if strings.Join(types, ",") != "race,deadlock" {
		t.Errorf("JSON lines of types %v, want race, deadlock", types)
	}
}

// TestPlural checks the words of counts.
func TestPlural(t *testing.T) {
	tests := []struct {
		n    int
		want string
	}{{0, "0 schedules"}, {1, "1 schedule"}, {2, "2 schedules"}}
	for _, tt := range tests {
		if got := Plural(tt.n, "schedule"); got != tt.want {
			t.Errorf("Plural(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// TestGoRaceTextSyncKind checks that a race report names what an access
// made by a synchronisation operation touches, and the operation.
func TestGoRaceTextSyncKind(t *testing.T) {
	rep := Race{
		Type: "race", Addr: "0xc000012345",
		Access: Access{Op: "write", Expr: "g.mu.Lock()", File: "/p/main.go", Line: 21, Col: 2, Func: "main.main", Goroutine: 1, Kind: "mutex",
			Created: []GoFrame{{Goroutine: 1}}},
		Previous: Access{Op: "write", Expr: "g.mu", File: "/p/main.go", Line: 18, Col: 3, Func: "main.main.func1", Goroutine: 2,
			Created: []GoFrame{{Goroutine: 2, By: 1, File: "/p/main.go", Line: 17, Col: 2, Kind: "go"}, {Goroutine: 1}}},
		Reason: "no synchronisation orders them",
	}
	got := rep.Text()
	for _, w := range []string{
		"Write of the mutex by g.mu.Lock() at 0xc000012345 by goroutine 1:\n",
		"Previous write of g.mu at 0xc000012345 by goroutine 2:\n",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("the report lacks %q:\n%s", w, got)
		}
	}
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(rep); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`"kind":"mutex"`, `"kind":"go"`} {
		if !strings.Contains(b.String(), w) {
			t.Errorf("the JSON lacks %s: %s", w, b.String())
		}
	}
	if strings.Count(b.String(), `"kind"`) != 2 {
		t.Errorf("the JSON has kinds other than the access's and the go statement's: %s", b.String())
	}
}
