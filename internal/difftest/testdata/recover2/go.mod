module example.com/recover2

go 1.26
