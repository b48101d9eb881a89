package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestKernelsExist checks the kernel table against the tree: every kernel
// has a task version and a goroutine version.
func TestKernelsExist(t *testing.T) {
	root := filepath.Join("..", "..")
	names := map[string]bool{}
	for _, k := range kernels() {
		if names[k.name] {
			t.Errorf("kernel %s listed twice", k.name)
		}
		names[k.name] = true
		for _, m := range []mode{modeParallel, modeRace} {
			if _, err := os.Stat(filepath.Join(root, k.pkg(m), "main.go")); err != nil {
				t.Errorf("kernel %s, mode %s: %v", k.name, m, err)
			}
		}
	}
}

func TestSelectKernels(t *testing.T) {
	all := []kernel{
		{name: "crypt-af", dir: "crypt"},
		{name: "crypt-future", dir: "crypt"},
		{name: "fib", dir: "fib"},
	}
	tests := []struct {
		list    string
		want    []string
		wantErr bool
	}{
		{"", []string{"crypt-af", "crypt-future", "fib"}, false},
		{"all", []string{"crypt-af", "crypt-future", "fib"}, false},
		{"fib", []string{"fib"}, false},
		{"crypt", []string{"crypt-af", "crypt-future"}, false},
		{"fib, crypt-future", []string{"fib", "crypt-future"}, false},
		{"crypt,crypt-af", []string{"crypt-af", "crypt-future"}, false},
		{"nosuch", nil, true},
	}
	for _, tc := range tests {
		ks, err := selectKernels(all, tc.list)
		if (err != nil) != tc.wantErr {
			t.Errorf("selectKernels(%q) error %v, want error %v", tc.list, err, tc.wantErr)
			continue
		}
		var got []string
		for _, k := range ks {
			got = append(got, k.name)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("selectKernels(%q) = %v, want %v", tc.list, got, tc.want)
		}
	}
}

func TestParseModes(t *testing.T) {
	tests := []struct {
		list    string
		want    []mode
		wantErr bool
	}{
		{"serial,parallel,checked,race", allModes(), false},
		{"race, serial", []mode{modeSerial, modeRace}, false},
		{"checked", []mode{modeChecked}, false},
		{"serial,fast", nil, true},
	}
	for _, tc := range tests {
		got, err := parseModes(tc.list)
		if (err != nil) != tc.wantErr || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseModes(%q) = %v, %v; want %v, error %v", tc.list, got, err, tc.want, tc.wantErr)
		}
	}
}

func TestKernelArgs(t *testing.T) {
	k := kernel{name: "crypt-future", dir: "crypt", variant: []string{"-variant=future"}, medium: []string{"-n=4"}, large: []string{"-n=8"}}
	tests := []struct {
		size    string
		m       mode
		want    []string
		wantPkg string
	}{
		{"small", modeSerial, []string{"-variant=future"}, "./testdata/bench/crypt"},
		{"medium", modeParallel, []string{"-variant=future", "-n=4"}, "./testdata/bench/crypt"},
		{"large", modeChecked, []string{"-variant=future", "-n=8"}, "./testdata/bench/crypt"},
		{"small", modeRace, nil, "./testdata/bench/crypt/goroutine"},
		{"large", modeRace, []string{"-n=8"}, "./testdata/bench/crypt/goroutine"},
	}
	for _, tc := range tests {
		if got := k.args(tc.size, tc.m); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("args(%s, %s) = %q, want %q", tc.size, tc.m, got, tc.want)
		}
		if got := k.pkg(tc.m); got != tc.wantPkg {
			t.Errorf("pkg(%s) = %q, want %q", tc.m, got, tc.wantPkg)
		}
	}
}

func TestRotate(t *testing.T) {
	ms := allModes()
	tests := []struct {
		r    int
		want []mode
	}{
		{0, []mode{modeSerial, modeParallel, modeChecked, modeRace}},
		{1, []mode{modeParallel, modeChecked, modeRace, modeSerial}},
		{6, []mode{modeChecked, modeRace, modeSerial, modeParallel}},
	}
	for _, tc := range tests {
		if got := rotate(ms, tc.r); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("rotate(%d) = %v, want %v", tc.r, got, tc.want)
		}
	}
	if !reflect.DeepEqual(ms, allModes()) {
		t.Errorf("rotate changed its argument to %v", ms)
	}
}

func TestRunEnv(t *testing.T) {
	tests := []struct {
		name       string
		base       []string
		procs      int
		wantRace   []string
		wantSerial []string
	}{
		{"plain", []string{"HOME=/h"}, 0,
			[]string{"HOME=/h", "GORACE=atexit_sleep_ms=0"}, []string{"HOME=/h"}},
		{"caller's GORACE comes later, so it wins", []string{"GORACE=atexit_sleep_ms=5 log_path=x", "HOME=/h"}, 0,
			[]string{"HOME=/h", "GORACE=atexit_sleep_ms=0 atexit_sleep_ms=5 log_path=x"}, []string{"GORACE=atexit_sleep_ms=5 log_path=x", "HOME=/h"}},
		{"procs", []string{"HOME=/h"}, 3,
			[]string{"HOME=/h", "GOMAXPROCS=3", "GORACE=atexit_sleep_ms=0"}, []string{"HOME=/h", "GOMAXPROCS=3"}},
	}
	for _, tc := range tests {
		env := runEnv(tc.base, tc.procs)
		if got := env[modeRace]; !reflect.DeepEqual(got, tc.wantRace) {
			t.Errorf("%s: race env %q, want %q", tc.name, got, tc.wantRace)
		}
		if got := env[modeSerial]; !reflect.DeepEqual(got, tc.wantSerial) {
			t.Errorf("%s: serial env %q, want %q", tc.name, got, tc.wantSerial)
		}
	}
}
