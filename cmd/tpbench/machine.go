package main

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// machine describes where the benchmark ran.
type machine struct {
	cpu       string // CPU model
	cores     int    // logical CPUs
	platform  string // GOOS/GOARCH
	goVersion string // of the go command that built the kernels
}

// describeMachine reads the CPU model from /proc/cpuinfo where there is
// one, and asks the go command for its version.
func describeMachine(ctx context.Context, goCmd string) machine {
	m := machine{cpu: "unknown CPU", cores: runtime.NumCPU(), platform: runtime.GOOS + "/" + runtime.GOARCH}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		if model := cpuModel(string(b)); model != "" {
			m.cpu = model
		}
	}
	m.goVersion = runtime.Version() + " (tpbench)"
	if out, err := exec.CommandContext(ctx, goCmd, "version").Output(); err == nil {
		m.goVersion = strings.TrimSpace(string(out))
	}
	return m
}

// cpuModel returns the processor model named in the text of /proc/cpuinfo:
// the "model name" field on x86, or "Processor"/"CPU part" style fields
// elsewhere; "" when there is none.
func cpuModel(cpuinfo string) string {
	for _, key := range []string{"model name", "Model", "Processor", "cpu model", "cpu"} {
		for _, line := range strings.Split(cpuinfo, "\n") {
			k, v, ok := strings.Cut(line, ":")
			if ok && strings.TrimSpace(k) == key {
				if v = strings.Join(strings.Fields(v), " "); v != "" {
					return v
				}
			}
		}
	}
	return ""
}
