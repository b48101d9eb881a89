module example.com/float_lit

go 1.26
