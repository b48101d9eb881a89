module example.com/turing

go 1.26
