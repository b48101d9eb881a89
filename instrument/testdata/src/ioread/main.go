// Package ioread holds the reads into memory by code that is not
// rewritten, file I/O and sync.Pool calls, in every statement form.
package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"
	"sync"
)

// own is a Reader of this package: its Read is rewritten and keeps the
// plain call.
type own struct{ b []byte }

func (o *own) Read(p []byte) (int, error) { return copy(p, o.b), io.EOF }

// embeds reaches *os.File's methods through an embedded field.
type embeds struct{ *os.File }

var buf = make([]byte, 16)

func reads(f *os.File, r io.Reader, ra io.ReaderAt, b *bytes.Buffer, o *own, e embeds) error {
	n, err := f.Read(buf)
	_ = n
	if _, err := r.Read(buf); err != nil {
		return err
	}
	for n, err = b.Read(buf); err == nil; n, err = b.Read(buf) {
	}
	_, err = ra.ReadAt(buf, 4)
	f.ReadAt(buf[:n], 0)
	total := 0
	if m, _ := strings.NewReader("x").Read(buf); m > 0 {
		total += m
	}
	br := bufio.NewReader(r)
	br.Read(buf)
	o.Read(buf) // rewritten code: no hook
	var w io.Writer = b
	w.Write(buf)
	e.Read(buf)
	io.ReadFull(r, buf)
	_, err = io.ReadAtLeast(r, buf, 2)
	return err
}

func generic[R io.Reader](r R) {
	r.Read(buf)
}

func writes(f *os.File) {
	f.Write(buf)
	f.WriteString("x")
	f.WriteAt(buf, 3)
	defer f.Write(buf)
	os.WriteFile("name", buf, 0o600)
	if b, err := os.ReadFile("name"); err == nil {
		_ = b
	}
}

var pool = sync.Pool{New: func() any { return new(int) }}

type holder struct{ sync.Pool }

func pools(p *sync.Pool, h *holder) {
	x := pool.Get().(*int)
	pool.Put(x)
	p.Put(p.Get())
	h.Put(x) // promoted: left as it is
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		generic(strings.NewReader("y"))
	}()
	wg.Wait()
	reads(nil, strings.NewReader("z"), strings.NewReader("z"), new(bytes.Buffer), &own{}, embeds{})
	writes(nil)
	pools(&pool, &holder{})
}
