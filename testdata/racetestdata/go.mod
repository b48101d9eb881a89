module racetestdata

go 1.26
