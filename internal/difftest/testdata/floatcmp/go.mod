module example.com/floatcmp

go 1.26
