package rt

import (
	"os"
	"reflect"
	"testing"
)

func TestParseTestEnv(t *testing.T) {
	tests := []struct {
		in    string
		set   [][2]string
		unset []string
		ok    bool
	}{
		{"", nil, nil, true},
		{"-GOWORK", nil, []string{"GOWORK"}, true},
		{`-GOWORK GOFLAGS="-mod=vendor -tags=a b" GOPATH=""`, [][2]string{{"GOFLAGS", "-mod=vendor -tags=a b"}, {"GOPATH", ""}}, []string{"GOWORK"}, true},
		{`GOWORK="off"  -GOFLAGS`, [][2]string{{"GOWORK", "off"}}, []string{"GOFLAGS"}, true},
		{`X="a\"b"`, [][2]string{{"X", `a"b`}}, nil, true},
		{"GOWORK=off", nil, nil, false},
		{`GOWORK="off`, nil, nil, false},
		{`GOWORK="a"b`, nil, nil, false},
		{"- X", nil, nil, false},
		{`="x"`, nil, nil, false},
	}
	for _, tt := range tests {
		set, unset, ok := parseTestEnv(tt.in)
		if ok != tt.ok || ok && (!reflect.DeepEqual(set, tt.set) || !reflect.DeepEqual(unset, tt.unset)) {
			t.Errorf("parseTestEnv(%q) = %q, %q, %v; want %q, %q, %v", tt.in, set, unset, ok, tt.set, tt.unset, tt.ok)
		}
	}
}

func TestRestoreTestEnv(t *testing.T) {
	t.Setenv("TPINSTR_T_SET", "build's")
	t.Setenv("TPINSTR_T_UNSET", "build's")
	t.Setenv(testEnvVar, `-TPINSTR_T_UNSET TPINSTR_T_SET="user's"`)
	restoreTestEnv()
	if v := os.Getenv("TPINSTR_T_SET"); v != "user's" {
		t.Errorf("TPINSTR_T_SET = %q, want the user's value", v)
	}
	for _, k := range []string{"TPINSTR_T_UNSET", testEnvVar} {
		if v, ok := os.LookupEnv(k); ok {
			t.Errorf("%s = %q, want it unset", k, v)
		}
	}
}
