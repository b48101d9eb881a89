// Package generics exercises hooks on type-parameter-typed locations.
package generics

type Number interface{ ~int | ~int64 | ~float64 }

type MyMap map[string]int

type Vec[T any] []T

func Sum[T Number, S ~[]T](s S) T {
	var t T
	f := func() { t = 0 }
	f()
	for i := range s {
		t += s[i]
	}
	for _, v := range s {
		t += v
	}
	return t
}

func Keys[M ~map[K]V, K comparable, V any](m M) []K {
	var ks []K
	for k := range m {
		ks = append(ks, k)
	}
	m2 := m
	delete(m2, ks[0])
	return ks
}

func Fill[E any](dst Vec[E], v E) {
	for i := range dst {
		dst[i] = v
	}
	copy(dst, dst[1:])
	dst = append(dst, v)
	_ = dst
}

func Ptr[T any](p *T, v T) T {
	*p = v
	return *p
}

func Use() {
	m := MyMap{"a": 1}
	_ = Keys(m)
	m["b"] = 2
	var x int
	Ptr(&x, 3)
	Fill(Vec[int]{1, 2}, 3)
}
