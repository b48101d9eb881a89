module example.com/unsafe_string_data

go 1.26
