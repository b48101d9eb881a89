module example.com/int_lit

go 1.26
