module example.com/deferfin

go 1.26
