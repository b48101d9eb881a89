module example.com/blank

go 1.26
