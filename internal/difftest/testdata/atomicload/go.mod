module example.com/atomicload

go 1.26
