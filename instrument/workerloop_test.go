package instrument

import (
	"regexp"
	"strings"
	"testing"
)

// workerLoopCases are loops of goroutines over a channel: keys is the
// text of the keys the rewriter passes to PoolEnter when it marks the
// loop as a pool worker's (workerloop.go), "-" when it must not.
var workerLoopCases = []struct {
	name, src, keys string
}{
	{"wg.Go literal", `func f(jobs chan int, out []int) {
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for j := range jobs {
				out[j] = j
			}
		})
	}
	wg.Wait()
}`, "&out"},
	{"go literal with a deferred Done", `func f(jobs chan int, out []int) {
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				out[j] = j
			}
		}()
	}
	wg.Wait()
}`, "&wg, &out"},
	{"package function started by go statements", `func work(jobs <-chan int, out []int, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		out[j] = g + j
	}
}

func f(jobs chan int, out []int) {
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go work(jobs, out, &wg)
	}
	wg.Wait()
}`, "wg, out"},
	{"a loop variable of its own", `func f(jobs chan int, out []int) {
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for j := range jobs {
				out[w] += j
			}
		})
	}
	wg.Wait()
}`, "&out, &w"},
	{"inner loop with break, continue, a literal that returns", `func f(jobs chan []int, out []int) {
	var wg sync.WaitGroup
	wg.Go(func() {
		for xs := range jobs {
			for _, x := range xs {
				if x < 0 {
					break
				}
				if x == 0 {
					continue
				}
				out[0] += func() int { return x }()
			}
		}
	})
	wg.Wait()
}`, "&out"},
	{"also called directly", `func work(jobs <-chan int, out []int) {
	for j := range jobs {
		out[j] = j
	}
}

func f(jobs chan int, out []int) {
	go work(jobs, out)
	work(jobs, out)
}`, "-"},
	{"exported function", `func Work(jobs <-chan int, out []int) {
	for j := range jobs {
		out[j] = j
	}
}

func f(jobs chan int, out []int) { go Work(jobs, out) }`, "-"},
	{"code after the loop", `func f(jobs chan int, out []int) {
	go func() {
		for j := range jobs {
			out[j] = j
		}
		out[0] = 1
	}()
}`, "-"},
	{"code before the loop", `func f(jobs chan int, out []int) {
	go func() {
		out[0] = 1
		for j := range jobs {
			out[j] = j
		}
	}()
}`, "-"},
	{"a parameter assigned", `func work(jobs <-chan int, n int, out []int) {
	for j := range jobs {
		n += j
		out[j] = n
	}
}

func f(jobs chan int, out []int) { go work(jobs, 0, out) }`, "-"},
	{"a field of a struct parameter assigned", `func work(jobs <-chan int, c cell, out []int) {
	for j := range jobs {
		c.v = j
		out[j] = c.v
	}
}

func f(jobs chan int, out []int) { go work(jobs, cell{}, out) }`, "-"},
	{"through a pointer parameter", `func work(jobs <-chan int, c *cell) {
	for j := range jobs {
		c.v += j
	}
}

func f(jobs chan int) { go work(jobs, &cell{}) }`, "c"},
	{"a send in the body", `func f(jobs chan int, res chan int) {
	go func() {
		for j := range jobs {
			res <- j
		}
	}()
}`, "-"},
	{"a lock in the body", `func f(jobs chan int, out []int) {
	var mu sync.Mutex
	go func() {
		for j := range jobs {
			mu.Lock()
			out[0] += j
			mu.Unlock()
		}
	}()
}`, "-"},
	{"a return in the body", `func f(jobs chan int, out []int) {
	go func() {
		for j := range jobs {
			if j < 0 {
				return
			}
			out[j] = j
		}
	}()
}`, "-"},
	{"a break of the loop", `func f(jobs chan int, out []int) {
	go func() {
		for j := range jobs {
			if j < 0 {
				break
			}
			out[j] = j
		}
	}()
}`, "-"},
	{"a literal only called", `func f(jobs chan int, out []int) {
	run := func() {
		for j := range jobs {
			out[j] = j
		}
	}
	go run()
}`, "-"},
	{"an address of a parameter", `func work(jobs <-chan int, n int, out []*int) {
	for j := range jobs {
		out[j] = &n
	}
}

func f(jobs chan int, out []*int) { go work(jobs, 0, out) }`, "-"},
}

// TestWorkerLoops checks which range loops over channels the rewriter
// marks as the loops of a pool's workers (workerloop.go), with which keys,
// and that switching the rule off leaves every loop ordinary.
func TestWorkerLoops(t *testing.T) {
	enter := regexp.MustCompile(`_tpinstr_rt\.PoolEnter\([^,]+, _tpinstrSites_\.S[0-9a-f]+\+\d+((?:, [^)]+)?)\)`)
	for _, tt := range workerLoopCases {
		t.Run(tt.name, func(t *testing.T) {
			src := "package p\n\nimport \"sync\"\n\nvar _ sync.Mutex\n\nvar g int\n\ntype cell struct{ v int }\n\n" + tt.src + "\n"
			_, out := rewriteSource(t, src, Config{})
			m := enter.FindAllStringSubmatch(out, -1)
			switch {
			case tt.keys == "-" && len(m) > 0:
				t.Errorf("marked a worker's loop:\n%s", out)
			case tt.keys != "-" && len(m) != 1:
				t.Errorf("found %d worker loops, want 1:\n%s", len(m), out)
			case tt.keys != "-" && strings.TrimPrefix(m[0][1], ", ") != tt.keys:
				t.Errorf("keys %q, want %q", strings.TrimPrefix(m[0][1], ", "), tt.keys)
			}
			_, off := rewriteSource(t, src, Config{Disable: map[string]bool{OptPool: true}})
			if strings.Contains(off, "PoolEnter") {
				t.Errorf("with %s off, still a worker loop:\n%s", OptPool, off)
			}
		})
	}
}
