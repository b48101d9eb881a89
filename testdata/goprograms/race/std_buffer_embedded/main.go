// Command std_buffer_embedded: workers append lines to a log that embeds a bytes.Buffer (called as l.WriteString, the method promoted through the embedded field) and a tally that embeds a pointer to a strings.Builder (l.marks.WriteByte, promoted through the pointer), with the log's mutex taken only around the count: the buffer's and the builder's writes, made inside packages bytes and strings, race in every schedule, as Go's race detector (which instruments the standard library) reports.
package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
)

// log collects lines; its mutex guards n.
type log struct {
	sync.Mutex
	bytes.Buffer
	marks tally
	n     int
}

// tally counts with dots.
type tally struct{ *strings.Builder }

// add appends one line for worker w.
func (l *log) add(w int) {
	l.WriteString(fmt.Sprintf("worker %d\n", w)) // race:buf
	l.marks.WriteByte('.')                       // race:marks
	l.Lock()
	l.n++
	l.Unlock()
}

func main() {
	l := &log{marks: tally{new(strings.Builder)}}
	var wg sync.WaitGroup
	for w := 1; w <= 3; w++ {
		wg.Go(func() { l.add(w) })
	}
	wg.Wait()
	fmt.Println(l.n, l.Len() > 0, l.marks.Len())
}
