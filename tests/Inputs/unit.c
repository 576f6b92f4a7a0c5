// SPDX-License-Identifier: MIT
// One of many translation units of a module: defines FN (-DFN=name),
// kept out of line so every unit stays a unit under LTO too.
__attribute__((noinline, noipa)) int FN(int x)
{
	return x + 1;
}
