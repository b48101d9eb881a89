module example.com/convert4

go 1.26
