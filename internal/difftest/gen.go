//go:build ignore

// Gen copies the Go distribution's runnable test programs into
// testdata: every $GOROOT/test/*.go file whose first line is "// run" (a
// program the Go project runs and expects to exit 0), each into a module of
// its own that requires nothing. A program is kept when it builds and runs
// to the same output and exit status twice, within ten seconds.
//
//	go run gen.go
package main

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

func main() {
	goroot := runtime.GOROOT()
	if out, err := exec.Command("go", "env", "GOROOT").Output(); err == nil {
		goroot = strings.TrimSpace(string(out))
	}
	files, err := filepath.Glob(filepath.Join(goroot, "test", "*.go"))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.RemoveAll("testdata"); err != nil {
		log.Fatal(err)
	}
	lic, err := os.ReadFile(filepath.Join(goroot, "LICENSE"))
	if err != nil {
		log.Fatal(err)
	}
	kept, dropped := 0, 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			log.Fatal(err)
		}
		first, _, _ := bytes.Cut(src, []byte("\n"))
		if string(bytes.TrimSpace(first)) != "// run" {
			continue
		}
		name := strings.TrimSuffix(filepath.Base(f), ".go")
		dir := filepath.Join("testdata", name)
		must(os.MkdirAll(dir, 0o777))
		must(os.WriteFile(filepath.Join(dir, "main.go"), src, 0o666))
		must(os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/"+name+"\n\ngo 1.26\n"), 0o666))
		if why := unstable(dir); why != "" {
			fmt.Printf("drop %s: %s\n", name, why)
			must(os.RemoveAll(dir))
			dropped++
			continue
		}
		kept++
	}
	must(os.WriteFile(filepath.Join("testdata", "LICENSE"), lic, 0o666))
	fmt.Printf("kept %d programs, dropped %d\n", kept, dropped)
}

// unstable builds and runs the program in dir twice and says why it cannot
// be compared, or "".
func unstable(dir string) string {
	bin := filepath.Join(os.TempDir(), "difftest-gen-prog")
	defer os.Remove(bin)
	b := exec.Command("go", "build", "-o", bin, ".")
	b.Dir = dir
	if out, err := b.CombinedOutput(); err != nil {
		return "does not build: " + firstLine(out)
	}
	var outs []string
	for range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		cmd := exec.CommandContext(ctx, bin)
		cmd.Dir = dir
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		err := cmd.Run()
		timedOut := ctx.Err() != nil
		cancel()
		if timedOut {
			return "takes longer than 10s"
		}
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			return err.Error()
		}
		outs = append(outs, fmt.Sprintf("%d\n%s", code, stdout.Bytes()))
	}
	if outs[0] != outs[1] {
		return "output differs between two runs"
	}
	return ""
}

func firstLine(b []byte) string {
	l, _, _ := bytes.Cut(bytes.TrimSpace(b), []byte("\n"))
	return string(l)
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
