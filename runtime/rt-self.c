/* SPDX-License-Identifier: MIT */
/*
 * Which module are we?  The linker defines __ehdr_start at the module's
 * ELF header whenever the header is mapped, which ld.bfd, gold and lld
 * all do for ordinary links: that gives the program headers and the load
 * bias with no walk over the loaded objects.  The core takes its own and
 * passes it on (rt-ctor.c).  Only when it is missing (custom linker
 * scripts) do we ask dl_iterate_phdr which object holds the note.
 */
#include "rt.h"

/*
 * From an ELF header: the core passes its own __ehdr_start, which needs
 * nothing else; false if there is none or it is not one we can read.
 */
RT_FN int rt_self_from_ehdr(struct rt_object *m, const void *ehdr, const void *anchor)
{
	const ElfW(Ehdr) *eh = ehdr;

	if (!eh || eh->e_ident[EI_MAG0] != ELFMAG0 || eh->e_ident[EI_MAG1] != ELFMAG1 ||
	    eh->e_ident[EI_MAG2] != ELFMAG2 || eh->e_ident[EI_MAG3] != ELFMAG3 ||
	    eh->e_phentsize != sizeof(ElfW(Phdr)) || eh->e_phnum == 0 ||
	    eh->e_phnum == PN_XNUM)
		return 0;

	const ElfW(Phdr) *phdr = (const ElfW(Phdr) *)((const char *)eh + eh->e_phoff);
	/* The segment that maps file offset 0 maps the header itself. */
	for (size_t i = 0; i < eh->e_phnum; i++)
		if (phdr[i].p_type == PT_LOAD && phdr[i].p_offset == 0)
			return rt_object_scan(m, phdr, eh->e_phnum,
					      (uintptr_t)eh - phdr[i].p_vaddr,
					      (uintptr_t)anchor);
	return 0;
}

struct rt_iterate_arg {
	uintptr_t anchor;
	struct rt_object *m;
};

static int rt_self_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	struct rt_iterate_arg *arg = data;
	(void)size;
	if (!rt_object_scan(arg->m, info->dlpi_phdr, info->dlpi_phnum,
			    info->dlpi_addr, arg->anchor))
		return 0;
	arg->m->name = info->dlpi_name;
	return 1;
}

RT_FN int rt_self_from_loader(struct rt_process *p, struct rt_object *m,
				const void *anchor)
{
	struct rt_iterate_arg arg = { (uintptr_t)anchor, m };
	return rt_iterate(p, rt_self_cb, &arg) == 1;
}
