module example.com/convert

go 1.26
