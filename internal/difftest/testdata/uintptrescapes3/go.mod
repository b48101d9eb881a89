module example.com/uintptrescapes3

go 1.26
