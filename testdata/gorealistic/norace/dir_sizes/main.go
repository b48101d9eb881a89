// Command dir_sizes: a disk-usage report walks an in-memory directory tree with one goroutine per top-level directory, each running its own recursive walk closure (var walk func(*node)) that sums sizes and counts files into accumulators local to its goroutine, then stores them in a per-directory slot; main adds the counts after the WaitGroup's Wait, so no accumulator is shared: no race.
package main

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"
)

// node is a file or a directory of the tree.
type node struct {
	name     string
	size     int64
	children []*node
}

func (n *node) isDir() bool { return n.children != nil }

// build makes a tree from "dir/sub/file:size" lines.
func build(spec string) *node {
	root := &node{name: "/", children: []*node{}}
	for _, line := range strings.Fields(spec) {
		p, sz, _ := strings.Cut(line, ":")
		parts := strings.Split(p, "/")
		cur := root
		for i, part := range parts {
			var next *node
			for _, c := range cur.children {
				if c.name == part {
					next = c
					break
				}
			}
			if next == nil {
				next = &node{name: part}
				if i < len(parts)-1 {
					next.children = []*node{}
				}
				cur.children = append(cur.children, next)
			}
			cur = next
		}
		var n int64
		fmt.Sscan(sz, &n)
		cur.size = n
	}
	return root
}

// usage is the size of one top-level directory and its largest file.
type usage struct {
	dir     string
	bytes   int64
	files   int
	largest string
}

// report sizes every top-level directory of root concurrently.
func report(root *node) ([]usage, int) {
	out := make([]usage, len(root.children))
	files := 0
	var wg sync.WaitGroup
	for i, top := range root.children {
		wg.Add(1)
		go func() {
			defer wg.Done()
			u := usage{dir: top.name}
			var best int64 = -1
			var walk func(n *node, dir string)
			walk = func(n *node, dir string) {
				p := path.Join(dir, n.name)
				if !n.isDir() {
					u.bytes += n.size
					u.files++
					if n.size > best {
						best, u.largest = n.size, p
					}
					return
				}
				for _, c := range n.children {
					walk(c, p)
				}
			}
			walk(top, "/")
			out[i] = u
		}()
	}
	wg.Wait()
	for _, u := range out {
		files += u.files
	}
	return out, files
}

const tree = `
src/main.go:4200 src/util/strings.go:1800 src/util/io.go:2600 src/README:300
docs/guide.md:9100 docs/img/arch.png:48000 docs/img/logo.png:12000
vendor/x/net/http.go:31000 vendor/x/net/url.go:7000 vendor/y/yaml.go:22000
testdata/big.bin:120000 testdata/small.txt:40
`

func main() {
	root := build(tree)
	dirs, files := report(root)
	sort.Slice(dirs, func(i, j int) bool { return dirs[i].bytes > dirs[j].bytes })
	var total int64
	for _, d := range dirs {
		total += d.bytes
		fmt.Printf("%-10s %7d  largest %s\n", d.dir, d.bytes, d.largest)
	}
	fmt.Printf("total      %7d\n", total)
	fmt.Println(files, "files")
}
