module example.com/for

go 1.26
