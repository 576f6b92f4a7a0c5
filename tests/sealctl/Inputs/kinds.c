/* SPDX-License-Identifier: MIT */
/* tests/sealctl/kinds-*.test: one program, built as one unit (MAIN) or
 * as two (MAIN and OTHER, with SPLIT), to see which unit carries what. */
int other(void);
#ifdef MAIN
/* main's unit; other() comes from the other unit, or from here when the
 * executable is one unit. */
int main(void)
{
	return other();
}
#endif
#if defined(OTHER) || !defined(SPLIT)
int other(void)
{
	return 0;
}
#endif
