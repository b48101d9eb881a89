package main

import (
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
