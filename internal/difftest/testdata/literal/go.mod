module example.com/literal

go 1.26
