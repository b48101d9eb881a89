package sites

// kindNames are the names of the kinds, as reports write them.
var kindNames = [...]string{
	KindUnknown:   "",
	KindRead:      "read",
	KindWrite:     "write",
	KindAsync:     "async",
	KindFuture:    "future",
	KindFinish:    "finish",
	KindGet:       "get",
	KindIsolated:  "isolated",
	KindRun:       "run",
	KindGo:        "go",
	KindSend:      "send",
	KindRecv:      "receive",
	KindClose:     "close",
	KindSelect:    "select",
	KindMutex:     "mutex",
	KindWaitGroup: "waitgroup",
	KindOnce:      "once",
	KindCond:      "cond",
	KindAtomic:    "atomic",
	KindTime:      "time",
	KindErrgroup:  "errgroup",
	KindGosched:   "gosched",
}

// String returns the kind's name: "read", "mutex", "go"…; "" for
// KindUnknown and for a kind this table does not know.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return ""
}

// IsSync reports whether k is the kind of a synchronisation operation of
// plain Go (KindGo to KindGosched): an access recorded at such a site is
// one the operation makes (the read of a mutex by Lock, the word an atomic
// operation updates), not a plain read or write of the program.
func (k Kind) IsSync() bool { return k >= KindGo && k <= KindGosched }
