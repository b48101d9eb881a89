module example.com/newexpr

go 1.26
