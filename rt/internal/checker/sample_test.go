package checker

import (
	"testing"
	"time"

	"github.com/tpinstr/tpinstr/rt/internal/goexec"
	"github.com/tpinstr/tpinstr/rt/options"
)

// TestSampleGoCounts checks that sampling counts only the schedules whose
// runs reported, and runs none once the children's deadline has passed: a
// verdict must not claim schedules that were never checked.
func TestSampleGoCounts(t *testing.T) {
	root := goexec.Schedule{}.String()
	tests := []struct {
		name   string
		end    time.Time
		report map[string]bool // which schedules' runs report
		want   int
	}{
		{"all report", time.Time{}, map[string]bool{"g@2": true, "g@3": true}, 2},
		{"one does not", time.Time{}, map[string]bool{"g@2": true, "g@3": false}, 1},
		{"none does", time.Time{}, map[string]bool{"g@2": false, "g@3": false}, 0},
		{"past the deadline", time.Now().Add(-time.Second), map[string]bool{"g@2": true, "g@3": true}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := &state{opts: options.Options{SampleTime: time.Second, SampleSeed: 1}}
			listed := map[string][]string{root: {"g@2", "g@3"}}
			seen := map[string]bool{root: true}
			ran := 0
			n := st.sampleGo(listed, seen, tt.end, func(s string) ([]string, bool) {
				ran++
				return nil, tt.report[s]
			})
			if n != tt.want {
				t.Errorf("sampleGo counted %d schedules (ran %d), want %d", n, ran, tt.want)
			}
			if !tt.end.IsZero() && ran > 0 {
				t.Errorf("ran %d schedules past the deadline", ran)
			}
		})
	}
}
