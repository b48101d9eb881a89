module example.com/defernil

go 1.26
