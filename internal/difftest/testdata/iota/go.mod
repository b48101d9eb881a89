module example.com/iota

go 1.26
