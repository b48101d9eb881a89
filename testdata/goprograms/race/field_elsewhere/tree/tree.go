// Package tree is the tree of field_elsewhere: nodes are made by composite
// literals, and nothing in this package writes a field of one afterwards.
package tree

// Node is a node of a binary tree with a value.
type Node struct {
	Left, Right *Node
	Val         int
}

// Build returns a perfect tree of the given depth whose values are 1.
func Build(depth int) *Node {
	if depth == 0 {
		return &Node{Val: 1}
	}
	return &Node{Left: Build(depth - 1), Right: Build(depth - 1), Val: 1}
}

// Sum returns the sum of the values of the tree n.
func (n *Node) Sum() int {
	if n == nil {
		return 0
	}
	return n.Val + n.Left.Sum() + n.Right.Sum() // race:val
}

// Count returns the number of nodes of the tree n.
func Count(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + Count(n.Left) + Count(n.Right)
}
