module example.com/unsafe_slice_data

go 1.26
