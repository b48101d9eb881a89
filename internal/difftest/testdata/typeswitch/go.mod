module example.com/typeswitch

go 1.26
