module example.com/gc

go 1.26
