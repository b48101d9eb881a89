module example.com/lookup

go 1.26
