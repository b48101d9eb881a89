package goexec

import (
	"fmt"
	"sort"
	"strings"
)

// Fingerprint identifies the run's orders of operations and the cases its
// select statements took: two runs with the same fingerprint made the same
// operations in the same orders, so the schedules that reverse their pairs
// are the same too. The updates of a round of commuting updates
// (commute.go) are listed in one order whatever order they ran in: their
// orders are one run, and the pairs they make with the operations around
// the round are the same in each.
func (e *Exec) Fingerprint() string {
	var orders []string
	for _, l := range e.log {
		log := l.all()
		var b strings.Builder
		for i := 0; i < len(log); {
			j := i + 1
			if isUpdate(log[i].kind) {
				for j < len(log) && log[j].kind == log[i].kind {
					j++
				}
			}
			if log[i].kind == opInsert {
				// Insert sections: the order of those under each key.
				byKey := map[string]string{}
				for _, a := range log[i:j] {
					byKey[fmt.Sprintf("%T %v", a.key, a.key)] += a.p.String() + ";"
				}
				keys := make([]string, 0, len(byKey))
				for k := range byKey {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					fmt.Fprintf(&b, "%s:%s", k, byKey[k])
				}
				i = j
				continue
			}
			round := make([]Point, 0, j-i)
			for _, a := range log[i:j] {
				round = append(round, a.p)
			}
			sort.Slice(round, func(x, y int) bool {
				return round[x].G < round[y].G || round[x].G == round[y].G && round[x].K < round[y].K
			})
			for _, p := range round {
				fmt.Fprintf(&b, "%s;", p)
			}
			i = j
		}
		orders = append(orders, b.String())
	}
	sort.Strings(orders)
	var b strings.Builder
	for _, c := range e.choices {
		fmt.Fprintf(&b, "%s:%d;", c.p, c.took)
	}
	return strings.Join(orders, "|") + "/" + b.String()
}
