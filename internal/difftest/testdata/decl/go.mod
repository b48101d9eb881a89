module example.com/decl

go 1.26
