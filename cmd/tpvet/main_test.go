package main

import "testing"

func TestInvokedByVet(t *testing.T) {
	tests := []struct {
		args []string
		vet  bool
	}{
		{[]string{"-V=full"}, true},
		{[]string{"--V=full"}, true},
		{[]string{"-flags"}, true},
		{[]string{"-json", "/tmp/go-build123/b001/vet.cfg"}, true},
		{[]string{"./..."}, false},
		{[]string{"-json", "./..."}, false},
		{[]string{"help"}, false},
		{[]string{"-fix", "example.com/p"}, false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := invokedByVet(tt.args); got != tt.vet {
			t.Errorf("invokedByVet(%q) = %v, want %v", tt.args, got, tt.vet)
		}
	}
}

func TestWantsSARIF(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"-sarif", "./..."}, true},
		{[]string{"--sarif", "./..."}, true},
		{[]string{"-sarif=true", "./..."}, true},
		{[]string{"-json", "./..."}, false},
		{[]string{"./..."}, false},
		{[]string{"--", "-sarif"}, false},
	}
	for _, tt := range tests {
		if got := wantsSARIF(tt.args); got != tt.want {
			t.Errorf("wantsSARIF(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
