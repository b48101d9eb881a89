module example.com/inline_literal

go 1.26
