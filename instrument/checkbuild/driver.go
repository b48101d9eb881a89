package checkbuild

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// DefaultRuntimePath is the import path of the package that rewritten code
// and generated test mains call.
const DefaultRuntimePath = runtimePath

// Driver runs tpinstr's build, run and test commands: it loads the user's
// packages, has the Rewriter rewrite those in scope (or takes them from the
// cache), and runs the go command on an overlay of the rewritten files with
// the tpinstr build tag. The user's tree is never written to.
//
// A zero field takes the default given in its comment.
type Driver struct {
	Rewriter Rewriter // required

	Stdin  io.Reader // the go command's and the program's standard input
	Stdout io.Writer
	Stderr io.Writer

	Dir     string   // working directory; "" for the process's
	Env     []string // environment of every child process; nil for os.Environ()
	TempDir string   // where work directories are created; "" for os.TempDir()

	// ToolID identifies the rewriter in cache keys; "" for a hash of the
	// running executable, so that a new tpinstr never uses an old rewrite.
	ToolID string
	// RuntimePath is the import path of the runtime package;
	// "" for DefaultRuntimePath.
	RuntimePath string
	// RuntimeFiles are the runtime's source files by path relative to the
	// module root ("rt/task/doc.go"); nil for the ones embedded in tpinstr
	// (tpinstr.RuntimeFiles).
	RuntimeFiles map[string][]byte
	// Signals delivers the signals to pass on to the running child process
	// (see supervisor); nil for none.
	Signals <-chan os.Signal
}

// Usage lines of the commands, printed with a usage error.
var usageLines = map[string]string{
	"build": "usage: tpinstr build [-o output] [build flags] [packages]",
	"run":   "usage: tpinstr run [build flags] [-exec xprog] package [arguments...]",
	"test":  "usage: tpinstr test [build/test flags] [packages] [build/test flags & test binary flags]",
}

// UsageLine returns the one-line usage of command, or "" if there is none.
func UsageLine(command string) string { return usageLines[command] }

// Build runs `tpinstr build` with the arguments that follow "build" and
// returns the exit status.
func (d *Driver) Build(ctx context.Context, args []string) int {
	return d.main(ctx, "build", ParseBuild, args, (*session).build)
}

// Run runs `tpinstr run` with the arguments that follow "run" and returns
// the exit status: the program's own, or the go command's if the build
// failed.
func (d *Driver) Run(ctx context.Context, args []string) int {
	return d.main(ctx, "run", ParseRun, args, (*session).run)
}

// Test runs `tpinstr test` with the arguments that follow "test" and
// returns the exit status.
func (d *Driver) Test(ctx context.Context, args []string) int {
	return d.main(ctx, "test", ParseTest, args, (*session).test)
}

// main parses args, prepares the overlay and runs the command. Whatever
// happens, the work directory is removed before it returns, unless -work
// asked to keep it.
func (d *Driver) main(ctx context.Context, command string, parse func([]string) (*Invocation, error), args []string, do func(*session) (int, error)) int {
	inv, err := parse(args)
	if err != nil {
		return d.fail(command, err)
	}
	ctx, sup, stop := supervise(ctx, d.Signals)
	defer stop()
	s := &session{d: d, inv: inv, ctx: ctx, sup: sup}
	code, err := s.start()
	if s.work != nil && !inv.Work {
		defer func() {
			if err := s.work.remove(); err != nil {
				fmt.Fprintln(d.Stderr, "tpinstr:", err)
			}
		}()
	}
	if err == nil && code == 0 {
		code, err = do(s)
	}
	if sig := sup.interrupted(); sig != nil && (err != nil || code != 0) {
		return signalStatus(sig)
	}
	if err != nil {
		return d.fail(command, err)
	}
	return code
}

// fail prints err and returns the exit status for it: 2 for a usage error,
// 1 for anything else.
func (d *Driver) fail(command string, err error) int {
	var ue *UsageError
	if errors.As(err, &ue) {
		if ue.Msg != "" {
			fmt.Fprintf(d.Stderr, "tpinstr %s: %s\n", command, ue.Msg)
		}
		fmt.Fprintf(d.Stderr, "%s\nRun 'tpinstr help %s' for details.\n", usageLines[command], command)
		return 2
	}
	var ge *goError
	if errors.As(err, &ge) {
		fmt.Fprintln(d.Stderr, ge.msg)
		return 1
	}
	fmt.Fprintf(d.Stderr, "tpinstr %s: %v\n", command, err)
	return 1
}
