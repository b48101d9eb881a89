package pst

import "go/types"

// Unsafe views. A pointer converted through unsafe.Pointer to another
// element type (view := (*[4]byte)(unsafe.Pointer(&word))) reaches the same
// memory under another layout: the path of an access through it is the
// viewed location, a View step, and the steps of the view's type
// (word.(view)[2]). normalize turns that into the bytes the access touches
// (word.bytes[2:3]), which overlap whatever else of word they share bytes
// with, and nothing else. Without Config.Sizes, or where the offset is not
// constant, the path stops at the View: the access is taken to touch the
// whole location.

// normalize resolves the View steps of p (see above).
func (b *builder) normalize(p Path) Path {
	for i, s := range p.Steps {
		if s.Kind != View {
			continue
		}
		head := p.Steps[:i:i]
		rest := p.Steps[i+1:]
		if s.Type == nil || b.cfg.Sizes == nil {
			return Path{Root: p.Root, Steps: head}
		}
		off, size, n, ok := layout(b.cfg.Sizes, s.Type, rest)
		if !ok {
			return Path{Root: p.Root, Steps: head}
		}
		out := Path{Root: p.Root, Steps: append(head, Step{Kind: Bytes, Value: off, Hi: off + size})}
		// What follows is memory a pointer stored in those bytes refers
		// to: its own steps, views included.
		return b.normalize(out.Append(rest[n:]...))
	}
	return p
}

// layout returns the byte offset and size, within a value of type t, of
// the location the leading steps of rest select, and how many steps that
// is: Field and Index steps up to the first Deref or MapElem. An index of
// unknown value selects the whole array, a Range index the elements it
// spans. It fails when a type cannot be laid out.
func layout(sizes types.Sizes, t types.Type, rest []Step) (off, size int64, n int, ok bool) {
	if !sized(t) {
		return 0, 0, 0, false
	}
	size = sizes.Sizeof(t)
	exact := true // the location is one value of type t, not a span
	for n < len(rest) {
		s := rest[n]
		if s.Kind == Deref || s.Kind == MapElem {
			break
		}
		n++
		if !exact {
			continue // inside a span: it covers every part
		}
		switch s.Kind {
		case Field:
			st, isStruct := under(t).(*types.Struct)
			if !isStruct {
				return 0, 0, 0, false
			}
			fields := make([]*types.Var, st.NumFields())
			idx := -1
			for i := range fields {
				fields[i] = st.Field(i)
				if fields[i].Name() == s.Name {
					idx = i
				}
			}
			if idx < 0 {
				return 0, 0, 0, false
			}
			off += sizes.Offsetsof(fields)[idx]
			t = fields[idx].Type()
			size = sizes.Sizeof(t)
		case Index:
			a, isArray := under(t).(*types.Array)
			if !isArray {
				return 0, 0, 0, false
			}
			es := sizes.Sizeof(a.Elem())
			lo, hi, known := s.interval()
			switch {
			case !known:
				exact = false // every element
			case s.Const:
				off += lo * es
				t, size = a.Elem(), es
			default:
				if hi < 0 || hi > a.Len() {
					hi = a.Len()
				}
				off += lo * es
				size = max(hi-lo, 0) * es
				exact = false
			}
		default:
			return 0, 0, 0, false
		}
	}
	return off, size, n, true
}

// fits reports whether a value of type view lies within a location of type
// base, so that a view of the location stays inside it.
func fits(sizes types.Sizes, view, base types.Type) bool {
	return sizes != nil && base != nil && sized(view) && sized(base) && sizes.Sizeof(view) <= sizes.Sizeof(base)
}

// sized reports whether t has a layout that does not depend on type
// parameters, which Sizes cannot lay out.
func sized(t types.Type) bool {
	switch u := types.Unalias(t).(type) {
	case *types.TypeParam:
		return false
	case *types.Named:
		return sized(u.Underlying())
	case *types.Array:
		return sized(u.Elem())
	case *types.Struct:
		for f := range u.Fields() {
			if !sized(f.Type()) {
				return false
			}
		}
		return true
	case *types.Basic:
		return u.Kind() != types.Invalid && u.Kind() != types.UntypedNil
	}
	return true
}
