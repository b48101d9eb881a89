// Command std_buffer_embedded: workers append lines to a log that embeds a bytes.Buffer (called as l.WriteString, the method promoted through the embedded field) and a tally that embeds a pointer to a strings.Builder (l.marks.WriteByte, promoted through the pointer), all under the log's mutex: the lock orders the writes made inside packages bytes and strings, and main reads them after the WaitGroup's Wait: no race.
package main

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
)

// log collects lines; its mutex guards all of it.
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
	l.Lock()
	l.WriteString(fmt.Sprintf("worker %d\n", w))
	l.marks.WriteByte('.')
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
