module example.com/initcomma

go 1.26
