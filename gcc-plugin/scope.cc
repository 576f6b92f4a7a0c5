// SPDX-License-Identifier: GPL-3.0-or-later
//
// Code that must not get the runtime.  Not ours: freestanding code
// (kernels, firmware, boot loaders) has no loader to run .init_array and
// must not see even weak libc references, and link-time compilation
// already carries the runtime in the IR it reads back.  Ours but beyond
// the runtime: 32-bit code cannot mseal at all, and the carried runtime is
// this target's 64-bit assembly.
#include "gcc-includes.h"

#include "scope.h"

// The C family's -ffreestanding / -fno-hosted.  It lives in cc1 and
// cc1plus only: a weak reference lets f951 and lto1 load the plugin.
extern int flag_hosted __attribute__((weak));

sealing_unit_verdict sealing_unit_verdict_now()
{
	if (in_lto_p)
		return { "link-time compilation (units compiled with the plugin carry the runtime in their IR)", false };
	if (&flag_hosted && !flag_hosted)
		return { "freestanding (-ffreestanding or -fno-hosted)", false };
#ifdef SEALING_TARGET_X86_64
	if (ix86_cmodel == CM_KERNEL)
		return { "-mcmodel=kernel", false };
	if (!TARGET_64BIT || !TARGET_LP64)
		return { "not LP64 (-m32 or -mx32): mseal(2) serves 64-bit processes only", true };
#endif
	return { nullptr, false };
}
