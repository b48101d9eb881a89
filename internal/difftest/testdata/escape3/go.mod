module example.com/escape3

go 1.26
