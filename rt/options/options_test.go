package options

import (
	"flag"
	"os"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite testdata/usage.golden")

// TestParse checks every option's value, its default and its errors.
func TestParse(t *testing.T) {
	def := Options{ExitCode: 66, Explore: true, MaxSchedules: 1000, ExploreTime: 10 * time.Second, SampleTime: 2 * time.Second, SampleSeed: 1}
	tests := []struct {
		in      string
		want    Options
		wantErr string
	}{
		{"", def, ""},
		{"exitcode=3", with(def, func(o *Options) { o.ExitCode = 3 }), ""},
		{"json=r.jsonl dot=g.dot", with(def, func(o *Options) { o.JSONPath, o.DotPath = "r.jsonl", "g.dot" }), ""},
		{"halt_on_error=1", with(def, func(o *Options) { o.HaltOnError = true }), ""},
		{"explore=0 max_schedules=7", with(def, func(o *Options) { o.Explore, o.MaxSchedules = false, 7 }), ""},
		{"explore_procs=3", with(def, func(o *Options) { o.ExploreProcs = 3 }), ""},
		{"explore_procs=0", def, "TPINSTR: explore_procs: want a positive number"},
		{"commute=0", with(def, func(o *Options) { o.NoCommute = true }), ""},
		{"explore_time=0", with(def, func(o *Options) { o.ExploreTime = 0 }), ""},
		{"explore_time=90s", with(def, func(o *Options) { o.ExploreTime = 90 * time.Second }), ""},
		{"explore_time=-1s", def, "TPINSTR: explore_time"},
		{"explore_time=soon", def, "TPINSTR: explore_time"},
		{"sample_time=0 sample_seed=42", with(def, func(o *Options) { o.SampleTime, o.SampleSeed = 0, 42 }), ""},
		{"sample_time=-1s", def, "TPINSTR: sample_time"},
		{"sample_seed=-3", def, "TPINSTR: sample_seed: want a number"},
		{"replay=2.3.10", with(def, func(o *Options) { o.Replay = "2.3.10" }), ""},
		{"permissions=strict", with(def, func(o *Options) { o.Permissions = PermStrict }), ""},
		{"permissions=strict permissions=regions", def, ""},
		{"exitcode=x", def, "TPINSTR: exitcode: "},
		{"max_schedules=0", def, "TPINSTR: max_schedules: want a positive number"},
		{"replay=1.x", def, "TPINSTR: replay: schedule"},
		{"permissions=loose", def, "TPINSTR: permissions: want regions or strict"},
		{"explore", def, "is not key=value"},
		{"colour=red", def, `unknown option "colour"`},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Parse(%q) error %v, want one containing %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

func with(o Options, f func(*Options)) Options { f(&o); return o }

// TestTable checks that every entry is complete and that its default
// parses, so that Usage never shows an option Parse refuses.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, opt := range Table {
		if opt.Name == "" || opt.Arg == "" || opt.Usage == "" || opt.set == nil {
			t.Errorf("incomplete entry %+v", opt)
		}
		if seen[opt.Name] {
			t.Errorf("option %s twice", opt.Name)
		}
		seen[opt.Name] = true
		placeholder := strings.ToUpper(opt.Arg) == opt.Arg && strings.ToLower(opt.Arg) != opt.Arg // N, PATH
		if _, err := Parse(opt.Name + "=" + opt.Arg); err != nil && !placeholder {
			t.Errorf("the value Usage shows for %s does not parse: %v", opt.Name, err)
		}
		if opt.Default != "" {
			if _, err := Parse(opt.Name + "=" + opt.Default); err != nil {
				t.Errorf("the default of %s does not parse: %v", opt.Name, err)
			}
		}
	}
}

// TestUsage compares Usage with testdata/usage.golden (-update rewrites
// it) and checks that every option is in it.
func TestUsage(t *testing.T) {
	got := Usage()
	for _, opt := range Table {
		if !strings.Contains(got, "\t"+opt.Name+"="+opt.Arg) {
			t.Errorf("Usage lacks %s=%s", opt.Name, opt.Arg)
		}
	}
	const golden = "testdata/usage.golden"
	if *update {
		if err := os.MkdirAll("testdata", 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, []byte(got), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("Usage differs from %s (run go test -update):\n%s", golden, got)
	}
}

// FuzzParse checks that Parse never panics and that what it accepts
// satisfies the table's constraints.
func FuzzParse(f *testing.F) {
	f.Add("exitcode=3 json=x explore=0")
	f.Add("replay=1.2 max_schedules=5 permissions=strict")
	f.Fuzz(func(t *testing.T, s string) {
		o, err := Parse(s)
		if err == nil && o.MaxSchedules < 1 {
			t.Errorf("Parse(%q) accepted max_schedules %d", s, o.MaxSchedules)
		}
	})
}

// TestPermissionsOption checks the values of the permissions option.
func TestPermissionsOption(t *testing.T) {
	tests := []struct {
		in      string
		want    PermMode
		wantErr bool
	}{
		{"", PermRegions, false},
		{"permissions=regions", PermRegions, false},
		{"permissions=strict", PermStrict, false},
		{"permissions=all", 0, true},
	}
	for _, tc := range tests {
		o, err := Parse(tc.in)
		if (err != nil) != tc.wantErr {
			t.Errorf("Parse(%q): error %v, want error %v", tc.in, err, tc.wantErr)
			continue
		}
		if err == nil && o.Permissions != tc.want {
			t.Errorf("Parse(%q).Permissions = %d, want %d", tc.in, o.Permissions, tc.want)
		}
	}
}
