package pst

import (
	"go/types"

	"github.com/tpinstr/tpinstr/internal/syncapi"
)

// under returns the underlying type of t; for a type parameter, the core
// type of its constraint (syncapi.CoreType), so that indexing or
// dereferencing a value of parameter type is seen as what it is. Without a
// core type it returns the constraint interface.
func under(t types.Type) types.Type {
	if c := syncapi.CoreType(t); c != nil {
		return c
	}
	return t.Underlying()
}
