module example.com/recover3

go 1.26
