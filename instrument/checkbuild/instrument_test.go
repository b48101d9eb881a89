package checkbuild

import (
	"reflect"
	"testing"

	"github.com/tpinstr/tpinstr/instrument"
)

// TestWithDisabled checks that -instr.disable reaches the rewriter's
// Config.Disable, added to what the Config already switches off, without
// changing the rewriter it was derived from.
func TestWithDisabled(t *testing.T) {
	base := Instrument{Config: instrument.Config{Disable: map[string]bool{instrument.OptPure: true}}}
	got, ok := base.WithDisabled([]string{instrument.OptStraight, instrument.OptConstRun}).(Instrument)
	if !ok {
		t.Fatalf("WithDisabled returned a %T, want an Instrument", got)
	}
	want := map[string]bool{instrument.OptPure: true, instrument.OptStraight: true, instrument.OptConstRun: true}
	if !reflect.DeepEqual(got.Config.Disable, want) {
		t.Errorf("Disable = %v, want %v", got.Config.Disable, want)
	}
	if len(base.Config.Disable) != 1 {
		t.Errorf("the original rewriter's Disable changed: %v", base.Config.Disable)
	}
}
