module example.com/gcstring

go 1.26
