package instrument

import "testing"

// rangeElemCases are the cases of rangeElemReads (stmt.go): a range loop
// over a slice with a value that may stop early reads each element as it
// goes; any other keeps the read of every element before the loop.
var rangeElemCases = []hookCase{
	{"a search that returns early", "func f(s []int, x int) int {\n\tfor i, v := range s {\n\t\tif v == x {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}",
		[]string{"Read(&s[i])"}, 0, 0, 0},
	{"a blank index is named", "func f(s []int) (n int) {\n\tfor _, v := range s {\n\t\tif v < 0 {\n\t\t\tbreak\n\t\t}\n\t\tn += v\n\t}\n\treturn\n}",
		[]string{"Read(&s[_tpinstr_i1])"}, 0, 0, 0},
	{"a loop that visits every element", "func f(s []int) (n int) {\n\tfor _, v := range s {\n\t\tif v < 0 {\n\t\t\tcontinue\n\t\t}\n\t\tn += v\n\t}\n\treturn\n}",
		[]string{"ReadSlice(s)"}, 0, 0, 0},
	{"a break of an inner switch counts", "func f(s []int) (n int) {\n\tfor _, v := range s {\n\t\tswitch v {\n\t\tcase 0:\n\t\t\tbreak\n\t\t}\n\t\tn += v\n\t}\n\treturn\n}",
		[]string{"Read(&s[_tpinstr_i1])"}, 0, 0, 0},
	{"a body that assigns the slice keeps the whole read", "func f(s []int) int {\n\tfor i, v := range s {\n\t\tif v == 0 {\n\t\t\ts = nil\n\t\t\treturn i\n\t\t}\n\t}\n\treturn len(s)\n}",
		[]string{"ReadSlice(s)"}, 0, 0, 0},
	{"a value that shadows the slice keeps the whole read", "func f(s []int) int {\n\tfor i, s := range s {\n\t\tif s == 0 {\n\t\t\treturn i\n\t\t}\n\t}\n\treturn -1\n}",
		[]string{"ReadSlice(s)"}, 0, 0, 0},
}

// TestRangeElemReads checks which range loops read their elements one at
// a time.
func TestRangeElemReads(t *testing.T) {
	runHookCases(t, rangeElemCases)
}
