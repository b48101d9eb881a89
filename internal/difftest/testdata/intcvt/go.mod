module example.com/intcvt

go 1.26
