module example.com/align

go 1.26
