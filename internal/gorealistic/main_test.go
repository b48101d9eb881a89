package gorealistic

import (
	"flag"
	"os"
	"testing"

	"github.com/tpinstr/tpinstr/internal/e2e"
)

// harness is what TestMain builds for the package's tests: TestMain
// cannot hand a value to the tests in any other way.
var harness *e2e.Harness

// full lets the runs explore up to the default 1000 schedules.
var full = flag.Bool("e2e.full", false, "explore the corpus up to the default 1000 schedules instead of 100")

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(e2e.Run(m, &harness))
}
