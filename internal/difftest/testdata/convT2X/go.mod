module example.com/convT2X

go 1.26
