module example.com/printbig

go 1.26
