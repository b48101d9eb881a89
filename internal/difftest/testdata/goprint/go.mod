module example.com/goprint

go 1.26
