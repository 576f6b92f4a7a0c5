/* SPDX-License-Identifier: MIT */
/*
 * A "SEALING" note written by hand, for the loader's parser: VERSION,
 * POLICY, FLAGS and DESCSZ come from -D (defaults: a well-formed version
 * 3 note at policy 1).  The state offset is 0, so no runtime is involved:
 * what the kernel shows is the loader's decision alone.
 */
#ifndef VERSION
#define VERSION 3
#endif
#ifndef POLICY
#define POLICY 1
#endif
#ifndef FLAGS
#define FLAGS 0
#endif
#ifndef DESCSZ
#define DESCSZ 16
#endif
	.section .note.sealing.test,"a",%note
	.p2align 2
	.long 8, DESCSZ, 1
	.asciz "SEALING"
	.byte VERSION, POLICY, 0, 0
	.long FLAGS
	.long 0
	.fill DESCSZ - 12, 1, 0
	.section .note.GNU-stack,"",%progbits
