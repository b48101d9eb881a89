package instrument

import (
	"strings"
	"testing"
)

// TestLibCalls checks which calls go through the hooks of ioread.go and
// pool.go: reads whose callee is not rewritten, file I/O of *os.File, and
// direct Puts and Gets of a sync.Pool; and that the rewritten file
// type-checks against package rt.
func TestLibCalls(t *testing.T) {
	head := `package p

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

type own struct{}

func (own) Read(p []byte) (int, error) { return len(p), nil }

type odd struct{}

func (odd) Read(p []byte) int { return 0 }

type withFile struct{ *os.File }

func first(n int, _ error) int { return n }

type withPool struct{ sync.Pool }

var (
	_ = bufio.NewReader
	_ = binary.BigEndian
	_ = fmt.Sprint
	_ = bytes.NewBuffer
	_ = strings.NewReader
	_ io.Reader
	_ *os.File
	_ sync.Pool
)

func f(b []byte, r io.Reader, ra io.ReaderAt, fl *os.File, buf *bytes.Buffer, o own, d odd, w withFile, p *sync.Pool, wp *withPool) (n int, err error) {
`
	tests := []struct {
		name, body string
		want       []string // in the rewritten body
		not        []string
	}{
		{"file read", `n, err = fl.Read(b)`, []string{"_tpinstr_rt.FileRead(fl.Read, b, "}, nil},
		{"file read at", `n, err = fl.ReadAt(b, 1)`, []string{"_tpinstr_rt.FileReadAt(fl.ReadAt, b, 1, "}, nil},
		{"interface read", `_, err = r.Read(b)`, []string{"_tpinstr_rt.FillRead(r.Read, b, "}, nil},
		{"interface read at", `ra.ReadAt(b, 0)`, []string{"_tpinstr_rt.FillReadAt(ra.ReadAt, b, 0, "}, nil},
		{"buffer read in if", `if _, err := buf.Read(b); err != nil { return 0, err }`, []string{"_tpinstr_rt.FillRead(buf.Read, b, "}, nil},
		{"for post", `for n, err = buf.Read(b); err == nil; n, err = buf.Read(b) {}`, []string{"for n, err = _tpinstr_rt.FillRead(buf.Read, b, ", "; n, err = _tpinstr_rt.FillRead(buf.Read, b, "}, nil},
		// The Read of a bufio.Reader or strings.Reader also writes the
		// reader (stdeffects.go): the receiver is evaluated once, into a
		// temporary.
		{"bufio", `bufio.NewReader(r).Read(b)`, []string{"_tpinstr_rt.Write(_tpinstr_t1, ", "_tpinstr_rt.FillRead(_tpinstr_t1.Read, b, "}, nil},
		{"strings", `strings.NewReader("x").Read(b)`, []string{"_tpinstr_rt.Write(_tpinstr_t1, ", "_tpinstr_rt.FillRead(_tpinstr_t1.Read, b, "}, nil},
		{"result in expression", `return buf.Read(b)`, []string{"return _tpinstr_rt.FillRead(buf.Read, b, "}, nil},
		{"own reader", `o.Read(b)`, nil, []string{"FillRead", "FileRead"}},
		{"other signature", `d.Read(b)`, nil, []string{"FillRead"}},
		{"promoted file", `w.Read(b)`, []string{"_tpinstr_rt.FileRead(w.Read, b, "}, nil},
		{"method value", `g := fl.Read; g(b)`, nil, []string{"FileRead", "FillRead"}},
		{"method expression", `(*os.File).Read(fl, b)`, nil, []string{"FileRead", "FillRead"}},
		{"read full", `io.ReadFull(r, b)`, []string{"_tpinstr_rt.ReadFull(r, b, "}, nil},
		{"read at least", `_, err = io.ReadAtLeast(r, b, 2)`, []string{"_tpinstr_rt.ReadAtLeast(r, b, 2, "}, nil},
		{"file write", `fl.Write(b)`, []string{"_tpinstr_rt.FileWrite(fl.Write, b, "}, nil},
		{"file write string", `fl.WriteString("s")`, []string{"_tpinstr_rt.FileWriteString(fl.WriteString, \"s\", "}, nil},
		{"file write at", `fl.WriteAt(b, 2)`, []string{"_tpinstr_rt.FileWriteAt(fl.WriteAt, b, 2, "}, nil},
		{"buffer write", `buf.Write(b)`, []string{"_tpinstr_rt.DrainWrite(buf.Write, b, "}, []string{"FileWrite"}},
		{"interface write", `var wr io.Writer = buf; n, err = wr.Write(b)`, []string{"n, err = _tpinstr_rt.DrainWrite(wr.Write, b, "}, nil},
		{"write file", `os.WriteFile("n", b, 0o600)`, []string{"_tpinstr_rt.WriteFile(\"n\", b, 0o600, "}, nil},
		{"read file", `b, err = os.ReadFile("n")`, []string{"_tpinstr_rt.ReadFile(\"n\", "}, nil},
		{"binary read", `var hdr struct{ N, M uint32 }; err = binary.Read(r, binary.BigEndian, &hdr)`, []string{"err = _tpinstr_rt.BinaryRead(r, binary.BigEndian, &hdr, "}, nil},
		{"sscan", `var a, c int; _, err = fmt.Sscan("1 2", &a, &c)`, []string{"_, err = _tpinstr_rt.Sscan(", ", \"1 2\", &a, &c)"}, nil},
		{"sscanf", `var a int; fmt.Sscanf("n=1", "n=%d", &a)`, []string{"_tpinstr_rt.Sscanf(", ", \"n=1\", \"n=%d\", &a)"}, nil},
		{"sscanln of a call's string", `var a int; fmt.Sscanln(string(b), &a)`, []string{"_tpinstr_rt.Sscanln(", ", string(b), &a)"}, nil},
		{"fscan of a bufio reader", `var a int; fmt.Fscan(bufio.NewReader(r), &a)`, []string{"_tpinstr_rt.Fscan(", ", _tpinstr_t1, &a)", "_tpinstr_rt.Write(_tpinstr_t1, "}, nil},
		{"fscanf", `var a int; fmt.Fscanf(r, "%d", &a)`, []string{"_tpinstr_rt.Fscanf(", ", r, \"%d\", &a)"}, nil},
		{"sscan with args...", `args := []any{new(int)}; fmt.Sscan("1", args...)`, nil, []string{"_tpinstr_rt.Sscan"}},
		{"index operand", `s := make([]int, 8); s[first(buf.Read(b))] = 1`, []string{"s[first(_tpinstr_rt.FillRead(buf.Read, b, "}, nil},
		{"pool pointer", `p.Put(p.Get())`, []string{"_tpinstr_rt.PoolPut(p, _tpinstr_rt.PoolGet(p, "}, nil},
		{"pool value", `var q sync.Pool; q.Put(1); _ = q.Get()`, []string{"_tpinstr_rt.PoolPut(&(q), 1, ", "_tpinstr_rt.PoolGet(&(q), "}, nil},
		{"pool promoted", `wp.Put(1)`, nil, []string{"PoolPut"}},
		{"pool method value", `put := p.Put; put(1)`, nil, []string{"PoolPut"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out := rewriteSource(t, head+"\t"+tt.body+"\n\treturn\n}\n", Config{})
			body := out[strings.Index(out, "func f("):]
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("rewritten body lacks %q:\n%s", w, body)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(body, w) {
					t.Errorf("rewritten body has %q:\n%s", w, body)
				}
			}
		})
	}
}

// TestNotRewrittenPaths checks which packages count as the standard
// library.
func TestNotRewrittenPaths(t *testing.T) {
	for _, tt := range []struct {
		path string
		std  bool
	}{
		{"os", true},
		{"net/http", true},
		{"golang.org/x/sync/errgroup", false},
		{"example.com/m", false},
	} {
		if got := isStdPath(tt.path); got != tt.std {
			t.Errorf("isStdPath(%q) = %v, want %v", tt.path, got, tt.std)
		}
	}
}

// stubLibHooks are the hooks of rt/iohooks.go and rt/poolhooks.go, for the
// stub of rt (fuzz_test.go; TestStubGoHooks keeps them equal).
const stubLibHooks = `
func FillRead(read func([]byte) (int, error), p []byte, site uint32) (int, error)               { return 0, nil }
func FillReadAt(read func([]byte, int64) (int, error), p []byte, off int64, site uint32) (int, error) { return 0, nil }
func DrainWrite(write func([]byte) (int, error), p []byte, site uint32) (int, error)           { return 0, nil }
func ReadFull(r io.Reader, p []byte, site uint32) (int, error)                                  { return 0, nil }
func BinaryRead(r io.Reader, order binary.ByteOrder, data any, site uint32) error { return nil }
func Sscan(site uint32, str string, args ...any) (int, error)                  { return 0, nil }
func Sscanf(site uint32, str, format string, args ...any) (int, error)         { return 0, nil }
func Sscanln(site uint32, str string, args ...any) (int, error)                { return 0, nil }
func Fscan(site uint32, r io.Reader, args ...any) (int, error)                 { return 0, nil }
func Fscanf(site uint32, r io.Reader, format string, args ...any) (int, error) { return 0, nil }
func Fscanln(site uint32, r io.Reader, args ...any) (int, error)               { return 0, nil }
func ReadAtLeast(r io.Reader, p []byte, min int, site uint32) (int, error)                      { return 0, nil }
func FileRead(read func([]byte) (int, error), p []byte, site uint32) (int, error)               { return 0, nil }
func FileReadAt(read func([]byte, int64) (int, error), p []byte, off int64, site uint32) (int, error) { return 0, nil }
func FileWrite(write func([]byte) (int, error), p []byte, site uint32) (int, error)             { return 0, nil }
func FileWriteString(write func(string) (int, error), s string, site uint32) (int, error)      { return 0, nil }
func FileWriteAt(write func([]byte, int64) (int, error), p []byte, off int64, site uint32) (int, error) { return 0, nil }
func ReadFile(name string, site uint32) ([]byte, error)                                         { return nil, nil }
func WriteFile(name string, data []byte, perm os.FileMode, site uint32) error                   { return nil }
func PoolPut(p *sync.Pool, x any, site uint32)                                                  {}
func PoolGet(p *sync.Pool, site uint32) any                                                     { return nil }
`
