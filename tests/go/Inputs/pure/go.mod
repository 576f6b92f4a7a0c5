// SPDX-License-Identifier: MIT
module sealing.test/pure

go 1.19
