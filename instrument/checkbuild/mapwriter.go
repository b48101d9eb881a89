package checkbuild

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// maxPending bounds how much of an unfinished line mapWriter holds back.
const maxPending = 64 << 10

// mapWriter copies the go command's output to w with every path of the work
// directory replaced by what the user knows (see workDir.mapper), so that no
// temporary path reaches the user. It works a line at a time, since a path
// may be split between two writes; Flush writes an unfinished last line.
type mapWriter struct {
	mu      sync.Mutex
	w       io.Writer
	r       *strings.Replacer
	pending []byte
}

func newMapWriter(w io.Writer, r *strings.Replacer) *mapWriter {
	return &mapWriter{w: w, r: r}
}

// Write implements io.Writer.
func (m *mapWriter) Write(p []byte) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.pending = append(m.pending, p...)
	end := bytes.LastIndexByte(m.pending, '\n') + 1
	if end == 0 && len(m.pending) < maxPending {
		return len(p), nil
	}
	if end == 0 {
		end = len(m.pending)
	}
	if _, err := io.WriteString(m.w, m.r.Replace(string(m.pending[:end]))); err != nil {
		return 0, err
	}
	m.pending = append(m.pending[:0], m.pending[end:]...)
	return len(p), nil
}

// Flush writes what is left of an unfinished line.
func (m *mapWriter) Flush() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.pending) == 0 {
		return nil
	}
	_, err := io.WriteString(m.w, m.r.Replace(string(m.pending)))
	m.pending = m.pending[:0]
	return err
}
