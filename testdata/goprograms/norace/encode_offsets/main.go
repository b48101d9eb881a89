// Command encode_offsets: workers encode fixed-size records with binary.BigEndian.PutUint32 and hex.Encode into consecutive parts of one buffer after the 4-byte header that main writes before starting them: every part is written by one goroutine, and the encoders' writes are recorded as the prefixes they write, not as whole slices, so nothing races.
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
	binary.BigEndian.PutUint32(o, uint32(i))
	b := []byte{byte(i), byte(7 * i)}
	hex.Encode(o[4:], b)
}

func main() {
	const n = 6
	out := make([]byte, 4+rec*n)
	var wg sync.WaitGroup
	binary.BigEndian.PutUint32(out, uint32(n))
	for i := range n {
		wg.Go(func() { encode(out[4+rec*i:], i) })
	}
	wg.Wait()
	fmt.Println(len(out), hex.EncodeToString(out[8:16]))
}
