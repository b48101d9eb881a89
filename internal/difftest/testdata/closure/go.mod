module example.com/closure

go 1.26
