// SPDX-License-Identifier: MIT
// Probes the executable it is linked into, for programs whose main is not
// C (Fortran): compiled without the plugin, called through bind(C).
#include "sealprobe.h"

void sealing_probe_exe(void)
{
	probe_module("exe", (const void *)sealing_probe_exe);
	probe_ops("text", (const void *)sealing_probe_exe);
}
