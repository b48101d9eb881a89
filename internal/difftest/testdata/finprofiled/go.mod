module example.com/finprofiled

go 1.26
