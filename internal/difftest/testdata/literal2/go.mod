module example.com/literal2

go 1.26
