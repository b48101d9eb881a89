package syncapi

import (
	"go/token"
	"go/types"
)

// lockerIface is the method set of sync.Locker: Lock() and Unlock().
var lockerIface = func() *types.Interface {
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	it := types.NewInterfaceType([]*types.Func{
		types.NewFunc(token.NoPos, nil, "Lock", sig),
		types.NewFunc(token.NoPos, nil, "Unlock", sig),
	}, nil)
	it.Complete()
	return it
}()

// lockerOp classifies the selection of a method Lock or Unlock of an
// interface (or type parameter) that has the methods of sync.Locker
// without being sync.Locker or embedding it: interface{ Lock(); Unlock() }
// declared by the program. Its dynamic value may be a *sync.Mutex, so the
// call is LockerLock or LockerUnlock as through sync.Locker. It returns
// None for anything else.
func lockerOp(s *types.Selection) Op {
	if s == nil || !types.IsInterface(s.Recv()) {
		return None
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok {
		return None
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Params().Len() != 0 || sig.Results().Len() != 0 || sig.Variadic() {
		return None
	}
	if !types.Implements(s.Recv(), lockerIface) {
		return None
	}
	switch fn.Name() {
	case "Lock":
		return LockerLock
	case "Unlock":
		return LockerUnlock
	}
	return None
}
