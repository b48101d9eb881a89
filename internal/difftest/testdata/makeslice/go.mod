module example.com/makeslice

go 1.26
