module example.com/string_lit

go 1.26
