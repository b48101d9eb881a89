module example.com/unsafe_string

go 1.26
