// SPDX-License-Identifier: MIT
// A library exporting FN(), which calls DEP() when DEP is defined: enough
// to build dependency chains for loader tests.
#ifdef DEP
int DEP(void);
#endif

int FN(void)
{
#ifdef DEP
	return 1 + DEP();
#else
	return 1;
#endif
}
