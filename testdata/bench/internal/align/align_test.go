package align

import "testing"

// full computes the whole score matrix the textbook way and returns its
// maximum, as the reference for the tiled computation.
func full(a, b []byte) int32 {
	h := make([][]int32, len(a)+1)
	for i := range h {
		h[i] = make([]int32, len(b)+1)
	}
	var best int32
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			h[i][j] = cell(h[i-1][j-1], h[i-1][j], h[i][j-1], a[i-1], b[j-1])
			best = max(best, h[i][j])
		}
	}
	return best
}

// tiled computes every tile in row-major order, optionally dropping the
// upper neighbour of one tile, as a tile that ran too early would see it.
func tiled(p *Problem, dropUpOf [2]int) [][]*Tile {
	tiles := make([][]*Tile, p.TileRows)
	for ti := range tiles {
		tiles[ti] = make([]*Tile, p.TileCols)
		for tj := range tiles[ti] {
			var up, left, diag *Tile
			if ti > 0 && [2]int{ti, tj} != dropUpOf {
				up = tiles[ti-1][tj]
			}
			if tj > 0 {
				left = tiles[ti][tj-1]
			}
			if ti > 0 && tj > 0 {
				diag = tiles[ti-1][tj-1]
			}
			tiles[ti][tj] = p.Compute(ti, tj, up, left, diag)
		}
	}
	return tiles
}

func TestTiledMatchesFull(t *testing.T) {
	tests := []struct{ n, m, tiles int }{{1, 1, 1}, {7, 5, 2}, {40, 33, 4}, {100, 100, 7}, {64, 80, 64}}
	for _, tc := range tests {
		p, err := NewProblem(tc.n, tc.m, tc.tiles, 9)
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.Check(tiled(p, [2]int{-1, -1}))
		if err != nil {
			t.Errorf("%dx%d in %d tiles: %v", tc.n, tc.m, tc.tiles, err)
		}
		if want := full(p.A, p.B); got != want {
			t.Errorf("%dx%d in %d tiles: best %d, want %d", tc.n, tc.m, tc.tiles, got, want)
		}
	}
}

func TestCheckCatchesStaleNeighbour(t *testing.T) {
	tests := []struct{ n, tiles, ti, tj int }{{40, 4, 1, 1}, {40, 4, 3, 0}, {64, 8, 5, 2}}
	for _, tc := range tests {
		p, err := NewProblem(tc.n, tc.n, tc.tiles, 9)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Check(tiled(p, [2]int{tc.ti, tc.tj})); err == nil {
			t.Errorf("tile (%d, %d) computed without its upper neighbour passed Check", tc.ti, tc.tj)
		}
	}
}

func TestNewProblemRejectsBadTiling(t *testing.T) {
	tests := []struct{ n, m, tiles int }{{0, 5, 1}, {5, 5, 0}, {5, 3, 4}}
	for _, tc := range tests {
		if _, err := NewProblem(tc.n, tc.m, tc.tiles, 1); err == nil {
			t.Errorf("NewProblem(%d, %d, %d) succeeded", tc.n, tc.m, tc.tiles)
		}
	}
}
