module example.com/copy

go 1.26
