// SPDX-License-Identifier: MIT
// sealprobe and the smaps reader it reads through, compiled into the Go
// program as one of its C files.
#include "sealprobe.c"
#include "smaps.c"
