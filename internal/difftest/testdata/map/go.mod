module example.com/map

go 1.26
