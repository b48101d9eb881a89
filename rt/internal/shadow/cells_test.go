package shadow

import "testing"

// TestCellArena checks that blocks come zeroed, new or reused, that blocks
// of one chunk do not overlap, and that chunks grow.
func TestCellArena(t *testing.T) {
	a := &cellArena{next: firstChunk}
	defer a.release()
	perChunk := firstChunk / int(cellBlockSize)
	seen := map[*cellBlock]bool{}
	var blocks []*cellBlock
	for range 3 * perChunk {
		b := a.alloc()
		if seen[b] {
			t.Fatal("a block was handed out twice")
		}
		seen[b] = true
		for i := range b {
			if b[i] != (Cell{}) {
				t.Fatalf("a new block has cell %d = %+v", i, b[i])
			}
		}
		b[0].W.Step, b[len(b)-1].X = 7, 9 // writes within the block
		blocks = append(blocks, b)
	}
	if len(a.chunks) < 2 || len(a.chunks[1]) != 2*firstChunk {
		t.Fatalf("%d chunks, the second of %d bytes: want them to double", len(a.chunks), len(a.chunks[1]))
	}
	for i, b := range blocks {
		if b[0].W.Step != 7 || b[len(b)-1].X != 9 {
			t.Fatalf("block %d was overwritten by another", i)
		}
	}
	a.put(blocks[0])
	if b := a.alloc(); b != blocks[0] || b[0] != (Cell{}) || b[len(b)-1] != (Cell{}) {
		t.Fatal("a reused block is another one, or not zeroed")
	}
}
