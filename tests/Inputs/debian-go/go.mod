// SPDX-License-Identifier: MIT
module example.org/go-hello

go 1.19
