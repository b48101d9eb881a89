// Command binary_read: a loader decodes a record's header with binary.Read into a header that a reporter goroutine reads, and starts the reporter after the decode: the go statement orders binary.Read's write of the header, made inside package encoding/binary, before the reporter's read: no race.
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
	if err := binary.Read(bytes.NewReader(raw), binary.BigEndian, &h); err != nil {
		fmt.Println("read:", err)
		return
	}
	wg.Go(func() {
		version = h.Version
	})
	wg.Wait()
	fmt.Printf("%#x %d %d\n", h.Magic, h.Count, version)
}
