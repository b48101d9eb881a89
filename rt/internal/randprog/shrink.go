package randprog

// Shrink returns a program no larger than p for which fails still returns
// true, found greedily: it repeatedly deletes one statement, or replaces a
// compound statement by its body, keeping each change that leaves the
// program valid and failing, until no single change does. fails(p) should be
// true. Shrinking costs one call of fails per attempted change, so it is
// meant for the rare failing program, not for every program.
func Shrink(p Program, fails func(Program) bool) Program {
	for {
		improved := false
		for k := 0; k < p.Count(); {
			changed := false
			for _, splice := range [...]bool{false, true} {
				q, ok := p.edited(k, splice)
				if !ok || q.Validate() != nil || !fails(q) {
					continue
				}
				p, changed, improved = q, true, true
				break
			}
			if !changed {
				k++
			}
		}
		if !improved {
			return p
		}
	}
}

// edited returns a copy of p whose k-th statement in textual order is
// removed (splice false) or replaced by its body (splice true). ok is false
// when there is no such statement or splicing has nothing to splice.
func (p Program) edited(k int, splice bool) (q Program, ok bool) {
	body, ok := editBody(p.Body, &k, splice)
	return Program{Arena: p.Arena, Body: body}, ok
}

func editBody(body []Stmt, k *int, splice bool) ([]Stmt, bool) {
	out := make([]Stmt, 0, len(body))
	done := false
	for i, s := range body {
		if done {
			out = append(out, body[i:]...)
			break
		}
		if *k == 0 {
			done = true
			if splice {
				if len(s.Body) == 0 {
					return nil, false
				}
				out = append(out, s.Body...)
			}
			*k = -1
			continue
		}
		*k--
		nested, ok := editBody(s.Body, k, splice)
		if ok {
			s.Body = nested
			done = true
		} else if *k < 0 {
			return nil, false // the target was inside and could not be edited
		}
		out = append(out, s)
	}
	return out, done
}
