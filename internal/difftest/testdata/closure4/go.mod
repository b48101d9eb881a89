module example.com/closure4

go 1.26
