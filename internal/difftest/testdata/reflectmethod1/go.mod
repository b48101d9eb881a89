module example.com/reflectmethod1

go 1.26
