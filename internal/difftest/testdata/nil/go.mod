module example.com/nil

go 1.26
