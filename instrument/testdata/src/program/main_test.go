package main

import (
	"fmt"
	"testing"
)

var shared int

func TestNamed(t *testing.T) {
	shared++
	t.Log(shared)
}

func TestBlank(_ *testing.T) { shared = 1 }

func TestUnnamed(*testing.T) {}

func Testlower(t *testing.T) {} // not a test: lower case after Test

func helperTest(t *testing.T, n int) {} // not a test: a helper

func BenchmarkX(b *testing.B) {}

// TestSubtests' subtests call t.Parallel: rt.TestParallel; a method value
// of Parallel is left as it is. Each subtest writes a slot of its own.
func TestSubtests(t *testing.T) {
	slots := make([]int, 2)
	for i, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			slots[i]++
		})
	}
	p := t.Parallel
	_ = p
}

// Example_shared is an example: rt.ExampleEnd with its name.
func Example_shared() {
	shared = 2
	fmt.Println(shared)
	// Output: 2
}

func Examplelower() {} // not an example: lower case after Example

func ExampleArg(n int) {} // not an example: a parameter
