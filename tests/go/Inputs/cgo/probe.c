// SPDX-License-Identifier: MIT
// sealprobe, compiled into the Go program as one of its C files.
#include "sealprobe.c"
