package main

import "testing"

func TestCPUModel(t *testing.T) {
	tests := []struct {
		name, cpuinfo, want string
	}{
		{"x86", "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 85\nmodel name\t: Intel(R) Xeon(R)   Gold 6130 CPU @ 2.10GHz\nflags\t: fpu\n\nprocessor\t: 1\nmodel name\t: Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz\n",
			"Intel(R) Xeon(R) Gold 6130 CPU @ 2.10GHz"},
		{"arm with a Model line", "processor\t: 0\nBogoMIPS\t: 108.00\nCPU part\t: 0xd08\n\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n", "Raspberry Pi 4 Model B Rev 1.4"},
		{"nothing known", "processor\t: 0\nflags\t: a b\n", ""},
		{"empty value", "model name\t:\n", ""},
	}
	for _, tc := range tests {
		if got := cpuModel(tc.cpuinfo); got != tc.want {
			t.Errorf("%s: cpuModel = %q, want %q", tc.name, got, tc.want)
		}
	}
}
