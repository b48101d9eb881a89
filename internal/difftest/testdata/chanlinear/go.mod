module example.com/chanlinear

go 1.26
