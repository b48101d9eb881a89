module example.com/closure7

go 1.26
