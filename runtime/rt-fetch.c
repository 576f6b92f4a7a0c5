/* SPDX-License-Identifier: MIT */
/*
 * The module part, fetched from the module's own file.
 *
 * What a library needs to seal itself (read its note and the environment,
 * tell start-up from dlopen, pin, swap RELRO, seal, report: 9 KB of code)
 * runs in few processes: an executable that carries the process pass
 * claims and seals its start-up libraries (rt-claim.c).  Carried in the
 * image, those bytes would cost every library a page or two of mapped
 * image and of RSS at every start (docs/runtime-size.md, "The module part
 * lives in the file").  So the carriers put them in a section the loader
 * never maps (.sealing.module, in the core's COMDAT group), and the core
 * maps it from the file the loader opened, only when it was not claimed:
 * a library dlopen'd after start-up, one under an executable without the
 * process pass, such an executable, and the first library under an
 * executable that could not claim (whose module part claims the rest).
 *
 * The section is found by what it holds, not by its name (the section
 * names would be one more read): a non-allocated PROGBITS section of the
 * size this core expects, starting with its magic and the digest of the
 * code it was built with.  The code in it is position-independent and
 * self-contained (no relocation: runtime/module-part.cmake refuses to
 * build otherwise), so it runs wherever it is mapped, and the digest
 * makes it the very code this core was built with, whichever file it came
 * from: a module replaced on disk since it was loaded still holds the
 * same code, or none that matches.
 *
 * Nothing else is trusted from the file: a section that is not exactly
 * that block is passed over, and any failure leaves the module to
 * rt_fetch_failed, which says so under SEALING_DEBUG and, under policy 2,
 * ends the process as the module part would have.
 */
#include "rt-fetch.h"

#include <fcntl.h>
/*
 * Which block: the module part, unless the unit that includes this file
 * names another (the executable's part, rt-exe-entry.c) as RT_BLOCK_*.
 */
#ifndef RT_BLOCK_SIZE
#ifdef SEALING_RT_SEPARATE
/* Compiled on its own (tests/runtime/unit-*.test): no block to name. */
#define RT_BLOCK_SIZE 0u
#define RT_BLOCK_MAGIC 0ull
#define RT_BLOCK_DIGEST 0ull
#define RT_BLOCK_ENTRY 0u
#else
#include "sealing-rt-module-part.h" /* runtime/module-part.cmake */
#define RT_BLOCK_SIZE SEALING_RT_MODULE_PART_SIZE
#define RT_BLOCK_MAGIC SEALING_RT_MODULE_PART_MAGIC
#define RT_BLOCK_DIGEST SEALING_RT_MODULE_PART_DIGEST
#define RT_BLOCK_ENTRY SEALING_RT_MODULE_PART_ENTRY
#endif
#endif


/*
 * The file the loader knows this module by: its link-map entry, found by
 * its load address (every linker puts a shared object's first segment,
 * with the ELF header, at address 0); otherwise /proc/self/exe: the
 * executable's entry has no name, a static program has no link map, a
 * static-pie one no PT_PHDR.  A library the base link map does not list
 * (another dlmopen namespace) or linked to load elsewhere is thereby given
 * the executable's module part, which serves as well when the executable
 * was built with the same release (any copy does: the module part acts on
 * the module the call describes), and is not found otherwise.
 */
RT_FN const char *rt_fetch_path(struct rt_process *p, const void *ehdr)
{
	/* Kept for the module part (rt_process_adopt), which needs it too. */
	const struct r_debug *r = p->r_debug = rt_r_debug(p);

	for (const struct link_map *l = r ? r->r_map : 0; l; l = l->l_next)
		if (l->l_addr == (uintptr_t)ehdr && l->l_name && l->l_name[0])
			return l->l_name;
	return "/proc/self/exe";
}

__attribute__((noinline)) static long rt_pread(long fd, void *buf, size_t len, uint64_t off)
{
	long n = rt_syscall6(SYS_pread64, fd, (long)buf, (long)len, (long)off, 0, 0);
	return n == (long)len ? 0 : rt_syscall_failed(n) ? -n : EIO;
}

/*
 * Where the module part may start in the file fd, in *off; or an errno.
 * The section header table's place comes from the ELF header the loader
 * mapped (ehdr; from the file when there is none).  It is read 16 headers
 * at a time from its end, where linkers put the sections no segment
 * holds: one read for most files.  The block's head is checked once it
 * is mapped (rt_fetch_run): a file replaced since it was loaded may still
 * hold the module part, which works on the module in memory; its digest
 * is all that matters.
 */
static long rt_fetch_find(long fd, const ElfW(Ehdr) *ehdr, uint64_t *off)
{
	enum { CHUNK = 16 };
	ElfW(Shdr) sh[CHUNK];
	long err = 0;

	if (!ehdr) {
		ehdr = (const ElfW(Ehdr) *)(void *)sh;
		err = rt_pread(fd, sh, sizeof(*ehdr), 0);
	}
	uint64_t shoff = ehdr->e_shoff;
	size_t end = ehdr->e_shnum, k;
	if (!err && ehdr->e_shentsize != sizeof(sh[0]))
		err = ENOEXEC;
	for (; !err && end; end -= k) {
		k = end < CHUNK ? end : CHUNK;
		if ((err = rt_pread(fd, sh, k * sizeof(sh[0]), shoff + (end - k) * sizeof(sh[0]))))
			break;
		for (size_t i = k; i--;)
			if (sh[i].sh_type == SHT_PROGBITS && !(sh[i].sh_flags & SHF_ALLOC) &&
			    sh[i].sh_size == RT_BLOCK_SIZE) {
				*off = sh[i].sh_offset;
				return 0;
			}
	}
	return err ? err : ENOENT;
}

RT_COLD static void rt_fetch_say(const char *s)
{
	size_t n = 0;
	while (s[n])
		n++;
	rt_syscall3(SYS_write, 2, s, n);
}

/*
 * The policy and the switch are read as rt_config_read does, in short:
 * the first of each variable, the policy only raised in a
 * secure-execution process, SEALING_DEBUG never honoured there.
 */
RT_COLD RT_FN void rt_fetch_failed(struct rt_process *p, const struct sealing_rt_call *call,
				    const char *path, long err)
{
	const volatile struct sealing_note *n = call->note;
	unsigned q = rt_config_quick(p, sealing_desc_policy(n->desc.version, n->desc.policy));
	unsigned policy = q & ~RT_QUICK_DEBUG;

	if (policy == SEALING_POLICY_OFF || (q == policy && policy != SEALING_POLICY_ENFORCE))
		return;

	char digits[8], *d = digits + sizeof(digits);
	*--d = 0;
	do
		*--d = (char)('0' + err % 10);
	while ((err /= 10) && d > digits);
	rt_fetch_say("sealing: ");
	rt_fetch_say(path);
	rt_fetch_say(": cannot run its sealing code from its file (errno ");
	rt_fetch_say(d);
	rt_fetch_say(policy != SEALING_POLICY_ENFORCE ? ")\n" : "); policy 2 terminates\n");
	if (policy != SEALING_POLICY_ENFORCE)
		return;
	rt_syscall3(SYS_exit_group, 127, 0, 0);
}

RT_FN long rt_fetch_map(struct rt_process *p, const char *path, const void *ehdr, uint64_t *skip)
{
	uint64_t off = 0;
	long m, fd = rt_syscall3(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC);

	if (rt_syscall_failed(fd))
		return fd;
	char last;
	m = -rt_fetch_find(fd, ehdr, &off);
	*skip = off & (rt_page_size(p) - 1);
	/* A mapping past the file's end faults when read (SIGBUS): the
	 * block's last byte must be in the file, or a damaged section
	 * header would crash the process. */
	if (!m && rt_pread(fd, &last, 1, off + RT_BLOCK_SIZE - 1))
		m = -ENOENT;
	if (!m)
		m = rt_syscall6(SYS_mmap, 0, (long)(*skip + RT_BLOCK_SIZE),
				PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, (long)(off - *skip));
	rt_syscall3(SYS_close, fd, 0, 0);
	const uint64_t *head = (const uint64_t *)(m + *skip);
	if (!rt_syscall_failed(m) && (head[0] != RT_BLOCK_MAGIC || head[1] != RT_BLOCK_DIGEST)) {
		rt_syscall3(SYS_munmap, m, *skip + RT_BLOCK_SIZE, 0);
		m = -ENOENT; /* another release's, or not one at all */
	}
	return m;
}

RT_FN void rt_fetch_run(struct rt_process *p, const struct sealing_rt_call *call)
{
	const char *path = rt_fetch_path(p, call->ehdr);
	uint64_t skip = 0;
	long m = rt_fetch_map(p, path, call->ehdr, &skip);

	if (rt_syscall_failed(m)) {
		rt_fetch_failed(p, call, path, -m);
		return;
	}
	((rt_module_part_entry_fn)(m + skip + RT_BLOCK_ENTRY))(call, p);
	rt_syscall3(SYS_munmap, m, skip + RT_BLOCK_SIZE, 0);
}
