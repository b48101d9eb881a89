module example.com/bigmap

go 1.26
