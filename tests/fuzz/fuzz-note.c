// SPDX-License-Identifier: MIT
// libFuzzer target: the note parser (tools/note-read.c) on arbitrary bytes, as
// it sees the contents of any .note* section or PT_NOTE segment.  The
// first input byte picks alignment and byte order, so one corpus covers
// every combination.
#include "note-read.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned mode = data[0];
	struct note_iter it;
	struct note_ref n;
	const char *why;

	note_iter_init(&it, data + 1, size - 1, mode & 1 ? 8 : 4, (mode >> 1) & 1);
	while (note_next(&it, &n, &why) == 1) {
		/* Every reference the parser hands out must lie in the buffer;
		 * ASan checks the reads below. */
		volatile uint8_t sink = 0;
		for (size_t i = 0; i < n.namesz; i++)
			sink ^= n.name[i];
		for (size_t i = 0; i < n.descsz; i++)
			sink ^= n.desc[i];
		(void)sink;
		if (note_is_sealing(&n)) {
			struct sealing_desc_view v;
			sealing_desc_read(&n, it.big_endian, &v);
			/* A note must never mean more than 2; one we could not
			 * decode means exactly the default, a decoded one what
			 * the runtime makes of it; a sound one is whole, of our
			 * version, in range, with known flags and a zero
			 * reserved byte. */
			if (v.applied > SEALING_POLICY_ENFORCE ||
			    (!v.decoded && v.applied != SEALING_POLICY_DEFAULT) ||
			    (v.decoded && v.applied != sealing_desc_policy(v.d.version, v.d.policy)) ||
			    (!v.decoded && !note_desc_damage(&v)) ||
			    (!note_desc_damage(&v) &&
			     (v.d.policy > SEALING_POLICY_ENFORCE || v.d.reserved ||
			      (v.d.flags & ~SEALING_FLAGS_KNOWN))) ||
			    memchr(v.damage, 0, sizeof(v.damage)) == NULL)
				__builtin_trap();
		}
		if (note_is_gnu_property(&n)) {
			size_t at, len;
			int f = gnu_property_find(n.desc, n.descsz, it.big_endian, (mode >> 2) & 1,
						  GNU_PROPERTY_MEMORY_SEAL, &at, &len);
			if (f == 1 && (at > n.descsz || len > n.descsz - at))
				__builtin_trap();
		}
	}
	return 0;
}
