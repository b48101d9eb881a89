package shadow

import "syscall"

// adviseHuge asks for huge pages for a chunk: a large shadow memory then
// costs a page fault per 2 MiB instead of per 4 KiB. Systems that do not
// give them ignore the advice.
func adviseHuge(b []byte) { _ = syscall.Madvise(b, syscall.MADV_HUGEPAGE) }
