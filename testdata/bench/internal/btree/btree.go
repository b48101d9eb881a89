// Package btree is the arithmetic of the BinaryTrees kernel of Nakade's
// thesis (chapter 7, table 7.1, "Binary Trees"), the Habanero Java version
// of the Computer Language Benchmarks Game's allocation benchmark: build
// many perfect binary trees, walk them, and drop them.
//
// What it stresses is allocation: every task makes objects that no other
// task sees, so a checker must recognise fresh memory cheaply.
package btree

import "fmt"

// MinDepth is the depth of the smallest trees.
const MinDepth = 4

// Node is a tree node; a leaf has two nil children.
type Node struct{ Left, Right *Node }

// Build returns a perfect tree of the given depth (0 is a leaf).
func Build(depth int) *Node {
	if depth <= 0 {
		return &Node{}
	}
	return &Node{Left: Build(depth - 1), Right: Build(depth - 1)}
}

// Count walks the tree and returns its number of nodes.
func (n *Node) Count() int {
	if n.Left == nil {
		return 1
	}
	return 1 + n.Left.Count() + n.Right.Count()
}

// Nodes is the number of nodes of a perfect tree of the given depth.
func Nodes(depth int) int { return 1<<(depth+1) - 1 }

// Plan is the work of one run with maximum depth Max: one stretch tree of
// depth Max+1, one long-lived tree of depth Max that lives through the
// run, and for every depth d = MinDepth, MinDepth+2, ..., Max a round of
// Iterations(d) trees of depth d (more of the small ones, so that every
// round allocates about as much).
type Plan struct{ Max int }

// NewPlan returns the plan for maximum depth depth, raised to MinDepth+2.
func NewPlan(depth int) Plan { return Plan{Max: max(depth, MinDepth+2)} }

// Depths returns the depths of the rounds.
func (p Plan) Depths() []int {
	var ds []int
	for d := MinDepth; d <= p.Max; d += 2 {
		ds = append(ds, d)
	}
	return ds
}

// Iterations is the number of trees of depth d in its round.
func (p Plan) Iterations(d int) int { return 1 << (p.Max - d + MinDepth) }

// Result is what a run computed: the node counts of the stretch tree, of
// each round (indexed like Depths) and of the long-lived tree.
type Result struct {
	Stretch, LongLived int
	Rounds             []int
}

// Check compares r with the counts that perfect trees must have.
func (p Plan) Check(r Result) error {
	if want := Nodes(p.Max + 1); r.Stretch != want {
		return fmt.Errorf("stretch tree of depth %d has %d nodes, want %d", p.Max+1, r.Stretch, want)
	}
	if want := Nodes(p.Max); r.LongLived != want {
		return fmt.Errorf("long-lived tree of depth %d has %d nodes, want %d", p.Max, r.LongLived, want)
	}
	ds := p.Depths()
	if len(r.Rounds) != len(ds) {
		return fmt.Errorf("%d rounds, want %d", len(r.Rounds), len(ds))
	}
	for i, d := range ds {
		if want := p.Iterations(d) * Nodes(d); r.Rounds[i] != want {
			return fmt.Errorf("%d trees of depth %d have %d nodes, want %d", p.Iterations(d), d, r.Rounds[i], want)
		}
	}
	return nil
}

// Summary is the result line.
func (p Plan) Summary(r Result) string {
	total := 0
	for _, c := range r.Rounds {
		total += c
	}
	return fmt.Sprintf("depth=%d stretch=%d rounds=%d long-lived=%d", p.Max, r.Stretch, total, r.LongLived)
}
