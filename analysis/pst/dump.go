package pst

import (
	"fmt"
	"strings"
)

// Dump renders the subtree of n, one node per line indented by depth, for
// tests and debugging. A leaf shows its access ("w x.f", "r a[i]", "w x
// through *p" for an alias), Get or parameter use; other nodes show their
// kind and origin; "?" marks Cond.
func Dump(n *Node) string {
	var b strings.Builder
	dump(&b, n, 0)
	return b.String()
}

func dump(b *strings.Builder, n *Node, depth int) {
	b.WriteString(strings.Repeat("  ", depth))
	if n.Cond {
		b.WriteString("?")
	}
	switch {
	case n.Access != nil:
		rw := "r"
		if n.Access.Write {
			rw = "w"
		}
		fmt.Fprintf(b, "%s %s", rw, n.Access.Path)
		if w := n.Access.Written; w != nil {
			fmt.Fprintf(b, " through %s", w.Access.Path)
		}
		if n.Access.Via != nil {
			fmt.Fprintf(b, " via %s", n.Access.Via.Name())
		}
	case n.Get != nil:
		name := "_"
		if n.Get.Var != nil {
			name = n.Get.Var.Name()
		}
		fmt.Fprintf(b, "get %s", name)
	case n.Exit:
		b.WriteString("exit")
	case n.Use != nil:
		fmt.Fprintf(b, "use %s", n.Use.Param.Name())
	default:
		fmt.Fprintf(b, "%s %s", n.Kind, n.Origin)
		if n.Var != nil {
			fmt.Fprintf(b, " [%s]", n.Var.Name())
		}
		if n.Future != nil && n.Future.Var != nil {
			fmt.Fprintf(b, " -> %s", n.Future.Var.Name())
		}
	}
	b.WriteByte('\n')
	for _, c := range n.Children {
		dump(b, c, depth+1)
	}
}
