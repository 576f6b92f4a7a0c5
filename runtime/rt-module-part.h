/* SPDX-License-Identifier: MIT */
/*
 * The parts the module part is made of, in order: what
 * sealing-rt-module.c compiles into .sealing.module, and what sealing-rt.c
 * links in whole where there is no such section (SEALING_RT_MODULE_INLINE,
 * the LLVM pass's bitcode form).  One list, so that the two cannot differ.
 */
#include "rt-report.c"
#include "rt-process.c"
#include "rt-config.c"
#include "rt-object.c"
#include "rt-linkmap.c"
#include "rt-self.c"
#include "rt-startset.c"
#include "rt-exe-pass.c"
#include "rt-startup.c"
#include "rt-pin.c"
#include "rt-seal.c"
#include "rt-relro.c"
#include "rt-decide.c"
#include "rt-batch.c"
#include "rt-startup-batch.c"
#include "rt-claim.c"
#include "rt-module.c"
