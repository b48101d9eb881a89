module example.com/shift3

go 1.26
