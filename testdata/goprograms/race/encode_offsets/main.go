// Command encode_offsets: workers encode fixed-size records with binary.BigEndian.PutUint32 and hex.Encode into consecutive parts of one buffer, but the records start at offset 0 instead of after the 4-byte header, which main writes after starting them: worker 0's id and the header race. The other workers' parts are disjoint, and the encoders' writes are recorded as the prefixes they write, not as whole slices.
package main

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"sync"
)

// rec is the size of a record: a 4-byte id and the hex of two bytes.
const rec = 8

// encode writes record i at the start of o.
func encode(o []byte, i int) {
	binary.BigEndian.PutUint32(o, uint32(i)) // race:hdr
	b := []byte{byte(i), byte(7 * i)}
	hex.Encode(o[4:], b)
}

func main() {
	const n = 6
	out := make([]byte, 4+rec*n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { encode(out[rec*i:], i) })
	}
	binary.BigEndian.PutUint32(out, uint32(n)) // race:hdr
	wg.Wait()
	fmt.Println(len(out), hex.EncodeToString(out[8:16]))
}
