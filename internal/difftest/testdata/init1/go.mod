module example.com/init1

go 1.26
