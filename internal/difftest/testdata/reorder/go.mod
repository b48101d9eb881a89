module example.com/reorder

go 1.26
