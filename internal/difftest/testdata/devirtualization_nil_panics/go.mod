module example.com/devirtualization_nil_panics

go 1.26
