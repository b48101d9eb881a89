package rt

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"reflect"

	"github.com/tpinstr/tpinstr/rt/internal/checker"
)

// Hooks for reads and writes made by code that is not rewritten (the
// standard library), as Go's race detector models them (instrument's
// ioread.go emits them):
//
//	n, err := r.Read(p)         →  n, err := rt.FillRead(r.Read, p, site)
//	n, err := r.ReadAt(p, off)  →  n, err := rt.FillReadAt(r.ReadAt, p, off, site)
//	io.ReadFull(r, p)           →  rt.ReadFull(r, p, site)
//	io.ReadAtLeast(r, p, min)   →  rt.ReadAtLeast(r, p, min, site)
//	w.Write(p)                  →  rt.DrainWrite(w.Write, p, site)
//	f.Read(p)   (f an *os.File) →  rt.FileRead(f.Read, p, site)
//	f.ReadAt(p, off)            →  rt.FileReadAt(f.ReadAt, p, off, site)
//	f.Write(p)                  →  rt.FileWrite(f.Write, p, site)
//	f.WriteString(s)            →  rt.FileWriteString(f.WriteString, s, site)
//	f.WriteAt(p, off)           →  rt.FileWriteAt(f.WriteAt, p, off, site)
//	os.ReadFile(name)           →  rt.ReadFile(name, site)
//	os.WriteFile(name, d, perm) →  rt.WriteFile(name, d, perm, site)
//	binary.Read(r, order, data) →  rt.BinaryRead(r, order, data, site)
//	fmt.Sscan(str, args...)     →  rt.Sscan(site, str, args...)
//	fmt.Sscanf(str, f, args...) →  rt.Sscanf(site, str, f, args...)
//	fmt.Sscanln(str, args...)   →  rt.Sscanln(site, str, args...)
//	fmt.Fscan(r, args...)       →  rt.Fscan(site, r, args...)
//	fmt.Fscanf(r, f, args...)   →  rt.Fscanf(site, r, f, args...)
//	fmt.Fscanln(r, args...)     →  rt.Fscanln(site, r, args...)
//
// The method value keeps Go's evaluation order: the receiver is
// evaluated before the arguments, as in the call.
//
// A Read writes p[:n] (io.Reader's contract): the hook records that write
// after the call returns, as syscall.Read does in -race builds
// (race.WriteRange) and as the rewritten copy of bytes.Buffer.Read would.
// A Reader that breaks the contract with an n below 0 or above len(p) has
// the write clamped to p. A Write reads p[:n] (race.ReadRange in
// syscall.Write; the instrumented code of a hash or a buffer in -race
// builds).
//
// File I/O is also synchronisation in -race builds: every write-like
// system call releases into one variable of the program (ioSync), which
// every read-like one acquires. The File hooks do the same in a checked
// run of goroutines (goexec's syncvar.go), and the run's verdict says
// "this schedule only" when a goroutine's file I/O meets another's there.
// As in -race builds, every *os.File counts, os.Stdout and pipes too; but
// only the calls above do: file I/O that other code of the standard
// library makes (fmt.Fprint to a file, io.Copy, a net.Conn) gives no
// edge here.

// FillRead calls read(p) and records its write of p[:n].
func FillRead(read func([]byte) (int, error), p []byte, site uint32) (int, error) {
	n, err := read(p)
	WriteSlice(p[:clampN(n, len(p))], site)
	return n, err
}

// FillReadAt calls read(p, off) and records its write of p[:n].
func FillReadAt(read func([]byte, int64) (int, error), p []byte, off int64, site uint32) (int, error) {
	n, err := read(p, off)
	WriteSlice(p[:clampN(n, len(p))], site)
	return n, err
}

// DrainWrite calls write(p), a Write method, and records its read of
// p[:n].
func DrainWrite(write func([]byte) (int, error), p []byte, site uint32) (int, error) {
	n, err := write(p)
	ReadSlice(p[:clampN(n, len(p))], site)
	return n, err
}

// ReadFull is io.ReadFull(r, p), recording the write of p[:n].
func ReadFull(r io.Reader, p []byte, site uint32) (int, error) {
	n, err := io.ReadFull(r, p)
	WriteSlice(p[:clampN(n, len(p))], site)
	return n, err
}

// ReadAtLeast is io.ReadAtLeast(r, p, min), recording the write of p[:n].
func ReadAtLeast(r io.Reader, p []byte, min int, site uint32) (int, error) {
	n, err := io.ReadAtLeast(r, p, min)
	WriteSlice(p[:clampN(n, len(p))], site)
	return n, err
}

// FileRead is FillRead for a read of an *os.File, which acquires the
// run's ioSync when it succeeds or reaches the end of the file.
func FileRead(read func([]byte) (int, error), p []byte, site uint32) (int, error) {
	n, err := FillRead(read, p, site)
	ioRead(err, "a file read", site)
	return n, err
}

// FileReadAt is FillReadAt for an *os.File, which acquires ioSync.
func FileReadAt(read func([]byte, int64) (int, error), p []byte, off int64, site uint32) (int, error) {
	n, err := FillReadAt(read, p, off, site)
	ioRead(err, "a file read", site)
	return n, err
}

// FileWrite calls write(p), the Write of an *os.File, after releasing
// into ioSync, and records its read of p[:n].
func FileWrite(write func([]byte) (int, error), p []byte, site uint32) (int, error) {
	ioWrite("a file write", site)
	n, err := write(p)
	ReadSlice(p[:clampN(n, len(p))], site)
	return n, err
}

// FileWriteString calls write(s), the WriteString of an *os.File, after
// releasing into ioSync.
func FileWriteString(write func(string) (int, error), s string, site uint32) (int, error) {
	ioWrite("a file write", site)
	return write(s)
}

// FileWriteAt calls write(p, off), the WriteAt of an *os.File, after
// releasing into ioSync, and records its read of p[:n].
func FileWriteAt(write func([]byte, int64) (int, error), p []byte, off int64, site uint32) (int, error) {
	ioWrite("a file write", site)
	n, err := write(p, off)
	ReadSlice(p[:clampN(n, len(p))], site)
	return n, err
}

// ReadFile is os.ReadFile(name), which acquires ioSync.
func ReadFile(name string, site uint32) ([]byte, error) {
	b, err := os.ReadFile(name)
	ioRead(err, "os.ReadFile", site)
	return b, err
}

// WriteFile is os.WriteFile(name, data, perm), which releases into
// ioSync and reads data.
func WriteFile(name string, data []byte, perm os.FileMode, site uint32) error {
	ioWrite("os.WriteFile", site)
	err := os.WriteFile(name, data, perm)
	ReadSlice(data, site)
	return err
}

// BinaryRead calls binary.Read(r, order, data) and, when it succeeds,
// records its write of data: the whole value that data points to, or
// every element of the slice data is. binary.Read decodes into data only
// after it has read every byte it needs (io.ReadFull), so a call that
// fails has written nothing. It skips a struct's blank fields and writes
// no padding; no code can read those by name, and a copy of the whole
// struct races with its other fields as well.
func BinaryRead(r io.Reader, order binary.ByteOrder, data any, site uint32) error {
	err := binary.Read(r, order, data)
	if err == nil {
		v := reflect.ValueOf(data)
		switch v.Kind() {
		case reflect.Pointer:
			if size := v.Type().Elem().Size(); !v.IsNil() && size > 0 {
				checker.Access(v.UnsafePointer(), size, true, site)
			}
		case reflect.Slice:
			if size := uintptr(v.Len()) * v.Type().Elem().Size(); size > 0 {
				checker.Access(v.UnsafePointer(), size, true, site)
			}
		}
	}
	return err
}

// Sscan calls fmt.Sscan(str, args...) and records its writes (scanned).
func Sscan(site uint32, str string, args ...any) (int, error) {
	n, err := fmt.Sscan(str, args...)
	scanned(args, n, site)
	return n, err
}

// Sscanf calls fmt.Sscanf(str, format, args...) and records its writes
// (scanned).
func Sscanf(site uint32, str, format string, args ...any) (int, error) {
	n, err := fmt.Sscanf(str, format, args...)
	scanned(args, n, site)
	return n, err
}

// Sscanln calls fmt.Sscanln(str, args...) and records its writes
// (scanned).
func Sscanln(site uint32, str string, args ...any) (int, error) {
	n, err := fmt.Sscanln(str, args...)
	scanned(args, n, site)
	return n, err
}

// Fscan calls fmt.Fscan(r, args...) and records its writes (scanned).
func Fscan(site uint32, r io.Reader, args ...any) (int, error) {
	n, err := fmt.Fscan(r, args...)
	scanned(args, n, site)
	return n, err
}

// Fscanf calls fmt.Fscanf(r, format, args...) and records its writes
// (scanned).
func Fscanf(site uint32, r io.Reader, format string, args ...any) (int, error) {
	n, err := fmt.Fscanf(r, format, args...)
	scanned(args, n, site)
	return n, err
}

// Fscanln calls fmt.Fscanln(r, args...) and records its writes (scanned).
func Fscanln(site uint32, r io.Reader, args ...any) (int, error) {
	n, err := fmt.Fscanln(r, args...)
	scanned(args, n, site)
	return n, err
}

// scanned records the writes of a scan that returned n: package fmt
// stores into each argument in order, and counts it only once stored (an
// item it cannot parse stops the scan before its store), so the targets
// of the first n arguments were written, each whole, and no other. An
// argument that implements fmt.Scanner stores what its own Scan method
// does, which the method's own hooks record (or nobody sees, in code
// that is not rewritten): it gets no write here.
func scanned(args []any, n int, site uint32) {
	for _, a := range args[:clampN(n, len(args))] {
		if _, own := a.(fmt.Scanner); own {
			continue
		}
		v := reflect.ValueOf(a)
		if v.Kind() != reflect.Pointer || v.IsNil() {
			continue
		}
		if size := v.Type().Elem().Size(); size > 0 {
			checker.Access(v.UnsafePointer(), size, true, site)
		}
	}
}

// clampN returns n within 0..size.
func clampN(n, size int) int {
	return min(max(n, 0), size)
}

// ioWrite releases into the run's ioSync, when a run of goroutines is
// checked.
func ioWrite(what string, site uint32) {
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		gx.IOWrite(what, site)
	}
}

// ioRead acquires the run's ioSync after a read that did not fail (the
// end of a file is no failure: the system call succeeded).
func ioRead(err error, what string, site uint32) {
	if err != nil && err != io.EOF {
		return
	}
	if gx, l := enterRunning(site); gx != nil {
		defer gx.Exit(l)
		gx.IORead(what, site)
	}
}
