// SPDX-License-Identifier: GPL-3.0-or-later
//
// Which translation units get the runtime.
#ifndef SEALING_GCC_SCOPE_H
#define SEALING_GCC_SCOPE_H

struct sealing_unit_verdict {
	// nullptr: instrument.  Otherwise why the unit is left alone.
	const char *why;
	// Hosted Linux code the runtime cannot serve (include/sealing/note.h:
	// an error under policy 2), as opposed to code that is not ours.
	bool uninstrumentable;
};

sealing_unit_verdict sealing_unit_verdict_now();

#endif
