module example.com/gc1

go 1.26
