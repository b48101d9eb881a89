module example.com/float_lit2

go 1.26
