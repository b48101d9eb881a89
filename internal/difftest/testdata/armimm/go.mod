module example.com/armimm

go 1.26
