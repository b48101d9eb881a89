module example.com/unsafebuiltins

go 1.26
