package detect

import (
	"reflect"
	"slices"
	"testing"

	"github.com/tpinstr/tpinstr/rt/internal/event"
	"github.com/tpinstr/tpinstr/rt/internal/eventtest"
)

// TestDetectorCases runs the hand-written streams of package eventtest,
// which the oracle's tests check too, through the detector.
func TestDetectorCases(t *testing.T) {
	for _, tt := range eventtest.Cases {
		t.Run(tt.Name, func(t *testing.T) {
			seen := map[uintptr]bool{}
			d := New(func(r event.Race) { seen[r.Addr] = true })
			tt.Run(d)
			var got []uintptr
			for a := range seen {
				got = append(got, a)
			}
			slices.Sort(got)
			if !reflect.DeepEqual(got, tt.Racy) {
				t.Errorf("racing bytes %#x, want %#x", got, tt.Racy)
			}
		})
	}
}
