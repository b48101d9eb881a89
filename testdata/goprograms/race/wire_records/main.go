// Command wire_records: workers encode fixed-size records (a 2-byte tag, a 2-byte length, three 4-byte fields put in a loop) into consecutive 16-byte parts of one buffer, and workers that decode the fields of one record each, with a run of reads in one statement, are started without waiting for the encoders: each decoder races with the encoder of its record (not with the others, whose parts are disjoint).
package main

import (
	"encoding/binary"
	"fmt"
	"sync"
)

// size is the size of a record: tag, length, three fields.
const size = 16

// record is what a worker encodes.
type record struct {
	tag    uint16
	fields [3]uint32
}

// encode writes r at offset off of buf.
func encode(buf []byte, off int, r record) {
	binary.BigEndian.PutUint16(buf[off:], r.tag)
	binary.BigEndian.PutUint16(buf[off+2:], uint16(len(r.fields)))
	for k, f := range r.fields {
		binary.BigEndian.PutUint32(buf[off+4+4*k:], f) // race:f
	}
}

// sum decodes the fields of the record at off and adds them up.
func sum(buf []byte, off int) uint64 {
	fs := [3]uint32{binary.BigEndian.Uint32(buf[off+4:]), binary.BigEndian.Uint32(buf[off+8:]), binary.BigEndian.Uint32(buf[off+12:])} // race:f
	return uint64(fs[0]) + uint64(fs[1]) + uint64(fs[2])
}

func main() {
	const n = 8
	buf := make([]byte, n*size)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			encode(buf, i*size, record{tag: uint16(i), fields: [3]uint32{uint32(i), uint32(2 * i), uint32(3 * i)}})
		})
	}
	sums := make([]uint64, n)
	for i := range n {
		wg.Go(func() { sums[i] = sum(buf, i*size) })
	}
	wg.Wait()
	fmt.Println(len(sums))
}
