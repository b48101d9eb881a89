module example.com/slicecap

go 1.26
