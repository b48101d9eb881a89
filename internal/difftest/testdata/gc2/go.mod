module example.com/gc2

go 1.26
