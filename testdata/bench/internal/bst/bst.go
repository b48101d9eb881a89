// Package bst is the arithmetic of the allocation-heavy tree kernel: many
// unbalanced binary search trees, each built by inserting pseudo-random
// keys one node at a time, walked in order, and dropped, the way a task
// builds a private index or a symbol table.
//
// Each tree is checked against its keys computed apart: its in-order walk
// must be sorted and hold as many nodes, with the same sum, as the keys
// inserted.
package bst

import (
	"fmt"
	"math/rand/v2"
)

// Node is a tree node.
type Node struct {
	Key         int64
	Left, Right *Node
}

// Insert adds key k to the tree at root (equal keys go right) and returns
// the root.
func Insert(root *Node, k int64) *Node {
	n := &Node{Key: k}
	if root == nil {
		return n
	}
	p := root
	for {
		if k < p.Key {
			if p.Left == nil {
				p.Left = n
				return root
			}
			p = p.Left
		} else {
			if p.Right == nil {
				p.Right = n
				return root
			}
			p = p.Right
		}
	}
}

// Keys returns the keys of tree i of a run with the given seed.
func Keys(seed uint64, i, size int) []int64 {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	ks := make([]int64, size)
	for j := range ks {
		ks[j] = rng.Int64N(1 << 40)
	}
	return ks
}

// Build inserts keys into an empty tree in order.
func Build(keys []int64) *Node {
	var root *Node
	for _, k := range keys {
		root = Insert(root, k)
	}
	return root
}

// Stats describes a tree: its node count, the sum of its keys, its height,
// and whether its in-order walk was sorted.
type Stats struct {
	Nodes, Height int
	Sum           int64
	Sorted        bool
}

// Measure walks the tree in order.
func Measure(root *Node) Stats {
	s := Stats{Sorted: true}
	prev := int64(-1 << 62)
	var walk func(n *Node, depth int)
	walk = func(n *Node, depth int) {
		if n == nil {
			return
		}
		s.Height = max(s.Height, depth)
		walk(n.Left, depth+1)
		s.Nodes++
		s.Sum += n.Key
		if n.Key < prev {
			s.Sorted = false
		}
		prev = n.Key
		walk(n.Right, depth+1)
	}
	walk(root, 1)
	return s
}

// Tree builds tree i of a run with the given seed and returns its
// statistics.
func Tree(seed uint64, i, size int) Stats { return Measure(Build(Keys(seed, i, size))) }

// Check verifies the statistics of every tree against its keys.
func Check(seed uint64, size int, stats []Stats) error {
	for i, s := range stats {
		var sum int64
		for _, k := range Keys(seed, i, size) {
			sum += k
		}
		if !s.Sorted || s.Nodes != size || s.Sum != sum || (size > 0 && s.Height < 1) {
			return fmt.Errorf("tree %d: %+v, want %d sorted nodes summing to %d", i, s, size, sum)
		}
	}
	return nil
}

// Summary is the result line: the number of trees and nodes and the total
// height, which depends only on the keys.
func Summary(stats []Stats) string {
	nodes, height := 0, 0
	for _, s := range stats {
		nodes += s.Nodes
		height += s.Height
	}
	return fmt.Sprintf("trees=%d nodes=%d height-sum=%d", len(stats), nodes, height)
}
