module example.com/closure2

go 1.26
