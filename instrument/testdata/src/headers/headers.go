// Package headers exercises hooks in statement headers, where no statement
// can be inserted: if, else if, for, switch, select and labels.
package headers

var (
	g    int
	flag bool
	list []int
	tab  = map[string]int{}
	ch   = make(chan int, 1)
)

type B bool

var named B

func ifs(k string) int {
	if g > 0 {
		return 1
	} else if list[0] > 0 {
		return 2
	} else if v, ok := tab[k]; ok && v > g {
		return v
	} else if named {
		return 4
	}
	if x := g; x > len(list) {
		return x
	}
	return 0
}

func loops() {
	for i := 0; i < g; i++ {
		list[i] = i
	}
	for g = 0; g < 10; g++ {
	}
	for j := 0; j < 3; g += j {
		j++
	}
	for ; flag; list[0]++ {
		flag = false
	}
	for a, b := 0, 1; a < b; a, g = a+1, b {
	}
L:
	for i := range list {
		if i > g {
			continue L
		}
		break L
	}
	for g, list[0] = range list {
	}
}

func shortCircuit() bool {
	ok := flag && g > 0 || list[1] == 2
	if named && flag == bool(named) {
		return true
	}
	return ok && tab["x"] > 0
}

func switches(x any) int {
	switch g {
	case 1:
		return 1
	case len(list):
		return 2
	}
	switch y := g + 1; y {
	case g:
		return 3
	}
	switch {
	case g > 1, list[0] > 2:
		return 4
	case bool(named):
		return 5
	}
	switch v := x.(type) {
	case int:
		return v + g
	}
	return 0
}

func selects() int {
	var got int
	sel := func() { got = 0 }
	sel()
	select {
	case got = <-ch:
	case ch <- g:
	case list[0] = <-ch:
	}
	return got
}

func gotos(f func() int) {
	i := 0
again:
	list[f()] = i
	i++
	if i < 3 {
		goto again
	}
	x := list[f()]
	_ = x
}
