module example.com/deferprint

go 1.26
