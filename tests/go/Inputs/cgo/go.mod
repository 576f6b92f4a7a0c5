// SPDX-License-Identifier: MIT
module sealing.test/cgo

go 1.19
