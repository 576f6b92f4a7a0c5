// SPDX-License-Identifier: MIT
module sealing.test/cshared

go 1.19
