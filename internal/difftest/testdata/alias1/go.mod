module example.com/alias1

go 1.26
