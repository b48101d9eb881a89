package main

// rangeRecv ranges over a slice received from a channel: the receive's
// hook replaces the expression's arrow, so the expression stays where it
// is and rt.RangeRead records the loop's reads of the elements around it.
func rangeRecv(ch chan []byte) int {
	n := 0
	for _, b := range <-ch {
		n += int(b)
	}
	return n
}
