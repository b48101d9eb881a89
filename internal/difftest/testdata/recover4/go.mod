module example.com/recover4

go 1.26
