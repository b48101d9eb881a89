// Command binary_read: a loader decodes a record's header with binary.Read into a header that a reporter goroutine reads, and the reporter was started before the decode: binary.Read writes the header inside package encoding/binary, which is not rewritten, and the write races with the reporter's read in every schedule, as Go's race detector (which instruments the standard library) reports.
package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sync"
)

// header starts every record.
type header struct {
	Magic   uint32
	Version uint16
	Count   uint16
}

func main() {
	raw := []byte{0xca, 0xfe, 0xba, 0xbe, 0, 2, 0, 3}
	var h header
	var wg sync.WaitGroup
	var version uint16
	wg.Go(func() {
		version = h.Version // race:hdr
	})
	if err := binary.Read(bytes.NewReader(raw), binary.BigEndian, &h); err != nil { // race:hdr
		fmt.Println("read:", err)
		return
	}
	wg.Wait()
	fmt.Printf("%#x %d\n", h.Magic, h.Count+version-version)
}
