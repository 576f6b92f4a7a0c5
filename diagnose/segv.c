/* SPDX-License-Identifier: MIT */
/*
 * The program that ignores a refused mprotect and writes anyway dies of
 * SIGSEGV, and the refused call may have been made where no wrapper sees
 * it.  So with SEALING_DIAGNOSE=1 a fault on a sealed page gets its line
 * too.  The handler is installed only over the default action (a JIT's,
 * a sanitizer's or a runtime's own handler is left alone, and one
 * installed later replaces it), resets itself as it runs and returns: the
 * access faults again and the default action ends the process as it would
 * have, with the same status and core dump.
 */
#define _GNU_SOURCE 1
#include "diagnose.h"

#include <errno.h>
#include <signal.h>
#include <stddef.h>

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	int saved = errno;

	(void)sig;
	(void)ctx;
	if (si->si_code == SEGV_ACCERR)
		diag_explain_fault((uintptr_t)si->si_addr);
	errno = saved;
}

void diag_segv_init(void)
{
	struct sigaction old, sa = { .sa_sigaction = on_segv,
				     .sa_flags = SA_SIGINFO | SA_RESETHAND | SA_NODEFER };

	if (sigaction(SIGSEGV, NULL, &old) || (old.sa_flags & SA_SIGINFO) ||
	    old.sa_handler != SIG_DFL)
		return;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
}
