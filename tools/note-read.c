/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "note-read.h"

#include "byteorder.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

void note_iter_init(struct note_iter *it, const uint8_t *buf, size_t size,
		    uint64_t align, int big_endian)
{
	it->buf = buf;
	it->size = size;
	it->pos = 0;
	/* As readelf does: anything but 8 lays notes out 4-aligned. */
	it->align = align == 8 ? 8 : 4;
	it->big_endian = big_endian;
}

static int align_up(size_t v, size_t a, size_t *out)
{
	if (v > SIZE_MAX - (a - 1))
		return -1;
	*out = (v + a - 1) & ~(a - 1);
	return 0;
}

int note_next(struct note_iter *it, struct note_ref *n, const char **why)
{
	size_t left = it->size - it->pos;

	if (left == 0)
		return 0;
	if (left < NOTE_HEADER_SIZE) {
		*why = "note header truncated";
		return -1;
	}
	const uint8_t *h = it->buf + it->pos;
	n->offset = it->pos;
	n->namesz = get_u32(h + offsetof(Elf32_Nhdr, n_namesz), it->big_endian);
	n->descsz = get_u32(h + offsetof(Elf32_Nhdr, n_descsz), it->big_endian);
	n->type = get_u32(h + offsetof(Elf32_Nhdr, n_type), it->big_endian);

	/* Sizes are 32-bit, so these sums cannot overflow a 64-bit size_t,
	 * but align_up still guards a 32-bit host. */
	size_t desc_rel, end_rel;
	if (align_up(NOTE_HEADER_SIZE + (size_t)n->namesz, it->align, &desc_rel) ||
	    desc_rel > left || n->descsz > left - desc_rel ||
	    align_up(desc_rel + n->descsz, it->align, &end_rel)) {
		*why = "note runs past the end of its section";
		return -1;
	}
	/* The last note may omit its trailing padding. */
	if (end_rel > left)
		end_rel = left;
	n->name = h + NOTE_HEADER_SIZE;
	n->desc = h + desc_rel;
	n->desc_offset = it->pos + desc_rel;
	n->end = it->pos + end_rel;
	it->pos = n->end;
	return 1;
}

int note_is_sealing(const struct note_ref *n)
{
	return sealing_note_is_ours(n->namesz, n->type, (const char *)n->name);
}

int note_is_sealing_process(const struct note_ref *n)
{
	return n->type == SEALING_PROCESS_NOTE_TYPE &&
	       sealing_note_owner_is_ours(n->namesz, (const char *)n->name);
}

int note_is_gnu_property(const struct note_ref *n)
{
	return n->type == NT_GNU_PROPERTY_TYPE_0 && n->namesz == sizeof(ELF_NOTE_GNU) &&
	       !memcmp(n->name, ELF_NOTE_GNU, sizeof(ELF_NOTE_GNU));
}

void sealing_desc_read(const struct note_ref *n, int big_endian,
		       struct sealing_desc_view *v)
{
	const uint8_t *p = n->desc;
	char *why = v->damage;

	memset(v, 0, sizeof(*v));
	v->applied = SEALING_POLICY_DEFAULT;
	if (n->descsz <= SEALING_DESC_VERSION_OFFSET) {
		snprintf(why, NOTE_DAMAGE_LEN, "empty descriptor");
		return;
	}
	v->d.version = p[SEALING_DESC_VERSION_OFFSET];
	uint32_t want = sealing_desc_size(v->d.version);
	if (!want) {
		/* Nothing past the version byte is ours to interpret. */
		snprintf(why, NOTE_DAMAGE_LEN, "version %u, %s than the versions %d to %d this sealctl reads",
			 v->d.version, v->d.version < SEALING_NOTE_VERSION_OLDEST ? "older" : "newer",
			 SEALING_NOTE_VERSION_OLDEST, SEALING_NOTE_VERSION);
		return;
	}
	if (n->descsz != want) {
		snprintf(why, NOTE_DAMAGE_LEN, "descriptor is %" PRIu32 " bytes, not %" PRIu32
			 " (version %u)", n->descsz, want, v->d.version);
		return;
	}
	v->decoded = 1;
	v->d.policy = p[SEALING_DESC_POLICY_OFFSET];
	v->d.carrier = p[offsetof(struct sealing_note_desc, carrier)];
	v->d.reserved = p[offsetof(struct sealing_note_desc, reserved)];
	v->d.flags = get_u32(p + SEALING_DESC_FLAGS_OFFSET, big_endian);
	v->d.state = (int32_t)get_u32(p + SEALING_DESC_STATE_OFFSET, big_endian);
	/* Version 2 recorded no runtime release: 0 reads as "before 0.2". */
	v->d.runtime = want > SEALING_DESC_RUNTIME_OFFSET
			       ? get_u32(p + SEALING_DESC_RUNTIME_OFFSET, big_endian) : 0;
	v->applied = sealing_desc_policy(v->d.version, v->d.policy);
	if (v->d.policy > SEALING_POLICY_ENFORCE)
		snprintf(why, NOTE_DAMAGE_LEN, "policy %u is out of range (0, 1 or 2)", v->d.policy);
	else if (v->d.reserved)
		snprintf(why, NOTE_DAMAGE_LEN, "reserved byte is %u, not 0", v->d.reserved);
	else if (v->d.flags & ~SEALING_FLAGS_KNOWN)
		snprintf(why, NOTE_DAMAGE_LEN, "unknown flag bits 0x%" PRIx32 " (known: 0x%x)",
			 v->d.flags & ~SEALING_FLAGS_KNOWN, SEALING_FLAGS_KNOWN);
}

const char *sealing_flag_value(const struct sealing_flag_option *o, uint32_t flags)
{
	return flags & o->bit ? o->set_value : o->clear_value;
}

/* A name from a table indexed by the contract's enum values. */
static const char *name_of(const char *const *names, size_t n, unsigned v,
			   const char *other)
{
	return v < n && names[v] ? names[v] : other;
}

const char *sealing_carrier_name(unsigned carrier)
{
	static const char *const names[] = {
		[SEALING_CARRIER_UNKNOWN] = "unknown",
		[SEALING_CARRIER_LINK_OBJECT] = "sealing-rt.o",
		[SEALING_CARRIER_GCC_PLUGIN] = "gcc-plugin",
		[SEALING_CARRIER_LLVM_PASS] = "llvm-pass",
	};
	return name_of(names, sizeof(names) / sizeof(names[0]), carrier, "unrecognised");
}

const char *sealing_policy_name(unsigned policy)
{
	static const char *const names[] = {
		[SEALING_POLICY_OFF] = "off",
		[SEALING_POLICY_BEST] = "best-effort",
		[SEALING_POLICY_ENFORCE] = "enforce",
	};
	return name_of(names, sizeof(names) / sizeof(names[0]), policy, "invalid");
}

int gnu_property_find(const uint8_t *desc, size_t descsz, int big_endian,
		      int elf64, uint32_t type, size_t *at, size_t *len)
{
	size_t pad = elf64 ? 8 : 4, pos = 0;
	int found = 0;

	*at = SIZE_MAX;
	*len = 0;
	while (pos < descsz) {
		if (descsz - pos < GNU_PROPERTY_HEADER_SIZE)
			return -1;
		uint32_t t = get_u32(desc + pos, big_endian);
		uint32_t sz = get_u32(desc + pos + sizeof(uint32_t), big_endian);
		size_t step;
		if (sz > descsz - pos - GNU_PROPERTY_HEADER_SIZE ||
		    align_up(GNU_PROPERTY_HEADER_SIZE + (size_t)sz, pad, &step) ||
		    step > descsz - pos)
			return -1;
		if (t == type && !found) {
			found = 1;
			*at = pos;
			*len = step;
		} else if (t > type && *at == SIZE_MAX) {
			*at = pos;
		}
		pos += step;
	}
	if (*at == SIZE_MAX)
		*at = descsz;
	return found;
}

const char *sealing_runtime_name(uint32_t runtime, char *buf, size_t size)
{
	if (!runtime)
		return NULL;
	snprintf(buf, size, "%u.%u.%u", (unsigned)(runtime >> 16), (unsigned)((runtime >> 8) & 0xff),
		 (unsigned)(runtime & 0xff));
	return buf;
}

int sealing_runtime_parse(const char *s, uint32_t *runtime)
{
	unsigned v[3] = { 0, 0, 0 };
	int n = 0;
	char tail;
	if (!s)
		return 0;
	n = sscanf(s, "%u.%u.%u%c", &v[0], &v[1], &v[2], &tail);
	if (n < 2 || n > 3 || v[0] > 0xffff || v[1] > 0xff || v[2] > 0xff)
		return 0;
	*runtime = SEALING_RUNTIME_PACK(v[0], v[1], v[2]);
	return 1;
}
