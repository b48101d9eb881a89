module example.com/char_lit

go 1.26
