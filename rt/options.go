package rt

import (
	"fmt"
	"strconv"
	"strings"
)

// options are the settings read from the TPINSTR environment variable.
type options struct {
	exitCode    int    // exit status when a race was found
	jsonPath    string // also write reports here, one JSON object a line
	dotPath     string // write the computation graph here
	haltOnError bool   // exit at the first report

	replay       string // run exactly this schedule of the isolated sections
	goReplay     string // run exactly this schedule of goroutines' acquisitions (replay=g…)
	explore      bool   // explore the orders of isolated sections (default true)
	maxSchedules int    // the most schedules exploration runs
	noCommute    bool   // treat commutative isolated updates as conflicting

	permissions permMode // what the permission-region check reports
}

// permMode is the value of the permissions option.
type permMode uint8

const (
	permRegions permMode = iota // check the regions that the program acquires (the default)
	permStrict                  // also report shared accesses outside regions and Isolated
)

func defaultOptions() options { return options{exitCode: 66, explore: true, maxSchedules: 1000} }

// parseOptions reads a TPINSTR value: space-separated key=value pairs.
func parseOptions(s string) (options, error) {
	o := defaultOptions()
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return o, fmt.Errorf("TPINSTR: %q is not key=value", f)
		}
		switch k {
		case "exitcode":
			n, err := strconv.Atoi(v)
			if err != nil {
				return o, fmt.Errorf("TPINSTR: exitcode: %w", err)
			}
			o.exitCode = n
		case "json":
			o.jsonPath = v
		case "dot":
			o.dotPath = v
		case "halt_on_error":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return o, fmt.Errorf("TPINSTR: halt_on_error: %w", err)
			}
			o.haltOnError = b
		case "replay":
			if strings.HasPrefix(v, "g") {
				o.goReplay = v
				continue
			}
			if _, err := parseSchedule(v); err != nil {
				return o, fmt.Errorf("TPINSTR: replay: %w", err)
			}
			o.replay = v
		case "explore":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return o, fmt.Errorf("TPINSTR: explore: %w", err)
			}
			o.explore = b
		case "commute":
			b, err := strconv.ParseBool(v)
			if err != nil {
				return o, fmt.Errorf("TPINSTR: commute: %w", err)
			}
			o.noCommute = !b
		case "max_schedules":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return o, fmt.Errorf("TPINSTR: max_schedules: want a positive number, have %q", v)
			}
			o.maxSchedules = n
		case "permissions":
			switch v {
			case "regions":
				o.permissions = permRegions
			case "strict":
				o.permissions = permStrict
			default:
				return o, fmt.Errorf("TPINSTR: permissions: want regions or strict, have %q", v)
			}
		default:
			return o, fmt.Errorf("TPINSTR: unknown option %q", k)
		}
	}
	return o, nil
}
