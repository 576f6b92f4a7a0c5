/* SPDX-License-Identifier: MIT */
/*
 * Unit test of runtime/rt-startup.c, the two ways the runtime tells
 * start-up from dlopen:
 *
 * - the executable's process pass walks the link map
 *   (rt_startup_walk_init/next, rt_startup_origin): here fed with
 *   synthetic dl_phdr_info objects, each with program headers and a
 *   dynamic section in memory (DT_STRTAB relocated as glibc leaves it, or
 *   not, as musl and the vdso do), in the order ld.so lists them.  Every
 *   map's walk gets the table the previous one filled, and the vdso needs
 *   a name nothing answers to: a walk that trusted the table closes too
 *   early, one that read the vdso's names never closes.  unit/startset.c
 *   has the rule over names alone.  Some maps come with the snapshot
 *   .preinit_array took (rt_startup_walk_snap): trusted, without a name
 *   read, only while dlpi_adds and dlpi_subs are still its numbers, the
 *   executable first and dl_phdr_info long enough to hold them;
 * - a library's own constructor asks rt_load_kind, in O(1): here against
 *   a synthetic executable image (PT_PHDR, a writable and a code
 *   segment, the policy note and the process note with their state
 *   bytes and entry) and constructor frames at chosen depths below argv,
 *   at both sides of RT_STARTUP_DEPTH.
 *
 * Prints one line per case, then "walk: N maps, K failures" and
 * "load-kind: N cases, K failures".
 */
#include "rt.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

long rt_syscall6(long n, long a, long b, long c, long d, long e, long f)
{
	(void)n, (void)a, (void)b, (void)c, (void)d, (void)e, (void)f;
	return -ENOSYS;
}

/* ---- a process: argv, no environment, an auxiliary vector ----------- */

struct fake_process {
	uintptr_t stack[32];
	struct rt_process p;
};

/* aux: pairs of (type, value), ended by AT_NULL. */
static void process(struct fake_process *fp, const unsigned long *aux)
{
	size_t k = 0;
	memset(fp, 0, sizeof(*fp));
	fp->stack[k++] = (uintptr_t)"prog";
	fp->stack[k++] = 0; /* argv's NULL */
	fp->stack[k++] = 0; /* the environment's NULL */
	ElfW(auxv_t) *a = (ElfW(auxv_t) *)&fp->stack[k];
	for (size_t i = 0; aux[2 * i] != AT_NULL; i++, a++) {
		a->a_type = aux[2 * i];
		a->a_un.a_val = aux[2 * i + 1];
	}
	a->a_type = AT_NULL;
	rt_process_init(&fp->p, 1, (char **)fp->stack, (char **)&fp->stack[2]);
}

/* ---- loaded objects, as dl_iterate_phdr hands them over -------------- */

enum dyn_kind {
	DYN_RELOCATED,   /* glibc relocates DT_STRTAB in place */
	DYN_UNRELOCATED, /* musl and the vdso leave the link-time value */
	DYN_NONE,        /* no PT_DYNAMIC at all */
};

struct fake_object {
	ElfW(Phdr) ph[2];
	ElfW(Dyn) dyn[12];
	char str[256];
	char path[64]; /* the link map's l_name */
	struct dl_phdr_info info;
};

/*
 * "path soname|- needed...", the path empty for the executable (as in
 * glibc's map) when spec starts with a space; the soname goes into
 * DT_SONAME, each needed name into a DT_NEEDED.
 */
static void object(struct fake_object *o, const char *spec, enum dyn_kind kind)
{
	char copy[256], *save = 0;
	const char *w;
	size_t used = 1, nd = 0;
	/* Unrelocated addresses are relative to the bias: the object itself. */
	uintptr_t bias = kind == DYN_UNRELOCATED ? (uintptr_t)o : 0;

	memset(o, 0, sizeof(*o));
	snprintf(copy, sizeof(copy), "%s", spec);
	w = copy[0] == ' ' ? "" : strtok_r(copy, " ", &save);
	snprintf(o->path, sizeof(o->path), "%s", w);
	o->info.dlpi_name = o->path;
	o->info.dlpi_addr = bias;
	o->info.dlpi_phdr = o->ph;
	o->info.dlpi_phnum = 1;
	o->ph[0] = (ElfW(Phdr)){ .p_type = PT_LOAD, .p_flags = PF_R,
				 .p_vaddr = (uintptr_t)o - bias, .p_memsz = sizeof(*o) };
	if (kind == DYN_NONE)
		return;
	o->info.dlpi_phnum = 2;
	o->ph[1] = (ElfW(Phdr)){ .p_type = PT_DYNAMIC, .p_flags = PF_R,
				 .p_vaddr = (uintptr_t)o->dyn - bias, .p_memsz = sizeof(o->dyn) };
	o->dyn[nd++] = (ElfW(Dyn)){ .d_tag = DT_STRTAB, .d_un.d_ptr = (uintptr_t)o->str - bias };
	for (int first = 1; (w = strtok_r(copy[0] == ' ' && first ? copy + 1 : 0, " ", &save));
	     first = 0) {
		if (first && !strcmp(w, "-"))
			continue;
		o->dyn[nd++] = (ElfW(Dyn)){ .d_tag = first ? DT_SONAME : DT_NEEDED,
					    .d_un.d_val = used };
		used += strlen(strcpy(o->str + used, w)) + 1;
	}
	o->dyn[nd].d_tag = DT_NULL;
}

/* ---- the walk -------------------------------------------------------- */

/*
 * Which object of a map plays which part: "exe ..." has its program
 * headers at AT_PHDR, "vdso" its ELF header at AT_SYSINFO_EHDR; a spec
 * starting with "!" has no PT_DYNAMIC.
 */
#define EXE "exe"
#define VDSO "vdso"

struct map {
	const char *what;
	const char *objects[10];
	int prefix; /* where the start-up set ends; -1: unknown */
	enum dyn_kind kind;
	unsigned cap; /* table entries; 0: 256 */
	int no_phdr;  /* the auxiliary vector has no AT_PHDR */
	int no_vdso;  /* ... nor AT_SYSINFO_EHDR */
	/* The snapshot: how many objects .preinit_array saw (0: none; else
	 * every object listed), and how the map differs from it since. */
	unsigned snap;
	int snap_adds_moved, snap_subs_moved, snap_short_info;
};

static const struct map maps[] = {
	{ .what = "no preload", .prefix = 4, .objects = { EXE " - libc.so.6", VDSO,
		"/lib/libc.so.6 libc.so.6 ld-linux.so.2", "/lib64/ld-linux.so.2 ld-linux.so.2" } },
	{ .what = "dlopens after start-up", .prefix = 4, .objects = { EXE " - libc.so.6", VDSO,
		"/lib/libc.so.6 libc.so.6 ld-linux.so.2", "/lib64/ld-linux.so.2 ld-linux.so.2",
		"/opt/libplugin.so - libc.so.6", "/opt/libdep.so libdep.so" } },
	{ .what = "preloads, a needed one first", .prefix = 6, .objects = {
		EXE " - libz.so.1 libc.so.6", VDSO,
		"/lib/libz.so.1 libz.so.1 libc.so.6", "/pre/libbz2.so.1.0 libbz2.so.1.0 libc.so.6",
		"/lib/libc.so.6 libc.so.6 ld-linux.so.2", "/lib64/ld-linux.so.2 ld-linux.so.2",
		"/opt/late.so - libc.so.6" } },
	/* Preloaded by its real file name, needed by its DT_SONAME. */
	{ .what = "a preload known by its soname", .prefix = 5, .objects = {
		EXE " - libz.so.1 libc.so.6", VDSO,
		"/lib/libz.so.1.2.13 libz.so.1 libc.so.6",
		"/lib/libc.so.6 libc.so.6 ld-linux.so.2", "/lib64/ld-linux.so.2 ld-linux.so.2",
		"/opt/late.so - libc.so.6" } },
	{ .what = "a closure two deep, breadth first", .prefix = 6, .objects = {
		EXE " - liba.so libc.so.6", VDSO,
		"/l/liba.so liba.so libb.so", "/lib/libc.so.6 libc.so.6 ld-linux.so.2",
		"/l/libb.so libb.so libc.so.6", "/lib64/ld-linux.so.2 ld-linux.so.2",
		"/opt/libx.so libx.so" } },
	{ .what = "DT_STRTAB unrelocated (musl)", .prefix = 4, .kind = DYN_UNRELOCATED,
	  .objects = { EXE " - libc.so.6", VDSO,
		"/lib/libc.so.6 libc.so.6 ld-linux.so.2", "/lib64/ld-linux.so.2 ld-linux.so.2",
		"/opt/libplugin.so -" } },
	/* Its path is all the walk knows it by. */
	{ .what = "a library without PT_DYNAMIC", .prefix = 3, .objects = {
		EXE " - libbare.so", VDSO, "!/x/libbare.so", "/opt/libplugin.so -" } },
	{ .what = "no vdso in the auxiliary vector", .prefix = 2, .no_vdso = 1, .objects = {
		EXE " - libc.so.6", "/lib/libc.so.6 libc.so.6", "/opt/libplugin.so -" } },
	{ .what = "the executable does not come first", .prefix = -1, .objects = {
		"/lib/libc.so.6 libc.so.6", EXE " - libc.so.6", VDSO } },
	{ .what = "no AT_PHDR", .prefix = -1, .no_phdr = 1, .objects = {
		EXE " - libc.so.6", VDSO, "/lib/libc.so.6 libc.so.6" } },
	/* An LD_AUDIT module's la_objsearch may give a needed name an object
	 * by another name: no prefix closes, and nobody can tell. */
	{ .what = "a need nothing answers to", .prefix = -1, .objects = {
		EXE " - libc.so.6 libaudited.so.1", VDSO,
		"/lib/libc.so.6 libc.so.6", "/audit/libother.so libother.so" } },
	{ .what = "more names than the table holds", .prefix = -1, .cap = 8, .objects = {
		EXE " - a b c d e", "/a a", "/b b", "/c c", "/d d", "/e e" } },
	/* The names would not close (an LD_AUDIT module's doing): the map
	 * .preinit_array saw needs none. */
	{ .what = "the snapshot's map", .prefix = 4, .snap = 4, .objects = {
		EXE " - libc.so.6 libaudited.so.1", VDSO,
		"/lib/libc.so.6 libc.so.6", "/audit/libother.so libother.so" } },
	{ .what = "the snapshot's map, one more object dlopen'd since", .prefix = 4, .snap = 6,
	  .snap_adds_moved = 1, .objects = { EXE " - libc.so.6", VDSO,
		"/lib/libc.so.6 libc.so.6 ld-linux.so.2", "/lib64/ld-linux.so.2 ld-linux.so.2",
		"/opt/libplugin.so - libc.so.6", "/opt/libdep.so libdep.so" } },
	{ .what = "the snapshot's map, one dlopen'd and closed since", .prefix = 4, .snap = 6,
	  .snap_adds_moved = 1, .snap_subs_moved = 1, .objects = { EXE " - libc.so.6", VDSO,
		"/lib/libc.so.6 libc.so.6 ld-linux.so.2", "/lib64/ld-linux.so.2 ld-linux.so.2",
		"/opt/libplugin.so - libc.so.6", "/opt/libdep.so libdep.so" } },
	{ .what = "a snapshot, dl_phdr_info without dlpi_adds", .prefix = 4, .snap = 6,
	  .snap_short_info = 1, .objects = { EXE " - libc.so.6", VDSO,
		"/lib/libc.so.6 libc.so.6 ld-linux.so.2", "/lib64/ld-linux.so.2 ld-linux.so.2",
		"/opt/libplugin.so - libc.so.6", "/opt/libdep.so libdep.so" } },
	{ .what = "a snapshot, the executable not first", .prefix = -1, .snap = 3, .objects = {
		"/lib/libc.so.6 libc.so.6", EXE " - libc.so.6", VDSO } },
};

static int walk(const struct map *m)
{
	static struct fake_object objs[10];
	/* The vdso as the kernel maps it: program headers right behind the
	 * ELF header that AT_SYSINFO_EHDR gives, on a page of its own (the
	 * walk knows it by its headers' page).  It needs a name nothing
	 * answers to, so a walk that read it would never close. */
	static _Alignas(4096) union {
		struct {
			ElfW(Ehdr) ehdr;
			struct fake_object o;
		} v;
		char page[4096];
	} vdso_page;
	struct fake_object *vdso = &vdso_page.v.o;
	const struct dl_phdr_info *info[10];
	struct fake_process fp;
	struct rt_startup_walk w;
	/* One table for every map, as the loader module reuses its own from
	 * sweep to sweep: each walk must start from a clean one. */
	static _Alignas(uintptr_t) uint32_t tab[256];
	unsigned n = 0, cap = m->cap ? m->cap : 256;
	uintptr_t exe_phdr = 0;

	object(vdso, "linux-vdso.so.1 linux-vdso.so.1 libnever.so", DYN_UNRELOCATED);
	for (; n < 10 && m->objects[n]; n++) {
		const char *spec = m->objects[n];
		enum dyn_kind kind = spec[0] == '!' ? DYN_NONE : m->kind;
		if (!strcmp(spec, VDSO)) {
			info[n] = &vdso->info;
			continue;
		}
		if (!strncmp(spec, EXE, strlen(EXE))) {
			spec += strlen(EXE);
			exe_phdr = (uintptr_t)objs[n].ph;
		}
		object(&objs[n], spec + (spec[0] == '!'), kind);
		info[n] = &objs[n].info;
	}
	const unsigned long aux[] = {
		m->no_phdr ? AT_IGNORE : AT_PHDR, exe_phdr,
		m->no_vdso ? AT_IGNORE : AT_SYSINFO_EHDR, (uintptr_t)&vdso_page.v.ehdr,
		AT_PAGESZ, 4096, AT_NULL,
	};
	process(&fp, aux);
	rt_startup_walk_init(&w, &fp.p, tab, cap);
	if (m->snap) {
		/* dl_iterate_phdr gives every object the same two counts:
		 * .preinit_array's walk takes them (rt_startup_snap_add, as
		 * rt_claim_startup does), then the map may move on. */
		struct rt_startup_snap snap = { 0 }, none = { 0 };
		for (unsigned i = 0; i < n; i++) {
			struct dl_phdr_info *in = (struct dl_phdr_info *)info[i];
			in->dlpi_adds = 41;
			in->dlpi_subs = 3;
			rt_startup_snap_add(&snap, in, sizeof(*in));
			/* Without the counts in dl_phdr_info, no snapshot. */
			rt_startup_snap_add(&none, in, offsetof(struct dl_phdr_info, dlpi_adds));
		}
		if (snap.count != m->snap || none.count) {
			printf("  snapshot of %u objects, %u without counts; expected %u, 0\n",
			       snap.count, none.count, m->snap);
			return 0;
		}
		for (unsigned i = 0; i < n; i++) {
			struct dl_phdr_info *in = (struct dl_phdr_info *)info[i];
			in->dlpi_adds += (unsigned)m->snap_adds_moved;
			in->dlpi_subs += (unsigned)m->snap_subs_moved;
		}
		rt_startup_walk_snap(&w, &snap, info[0],
				     m->snap_short_info ? offsetof(struct dl_phdr_info, dlpi_adds) :
							  sizeof(struct dl_phdr_info));
	}
	for (unsigned i = 0; i < n; i++)
		rt_startup_walk_next(&w, info[i]);

	int got = w.set.phase == RT_WALK_CLOSED ? (int)w.set.prefix : -1;
	for (unsigned i = 0; i < n; i++) {
		enum rt_origin o = rt_startup_origin(&w, i);
		enum rt_origin want = m->prefix < 0 ? RT_ORIGIN_UNKNOWN :
				      (int)i < m->prefix ? RT_ORIGIN_STARTUP : RT_ORIGIN_DLOPEN;
		if (o != want) {
			printf("  object %u: origin %d, expected %d\n", i, o, want);
			got = -2;
		}
	}
	int ok = got == m->prefix;
	printf("%s: walk: %s: ends at %d\n", ok ? "ok" : "FAIL", m->what, got);
	return ok;
}

/* ---- rt_load_kind ---------------------------------------------------- */

/* An executable's image as rt_object_exe, rt_exe_pass and rt_exe_started
 * read it from AT_PHDR: bias = the image's address. */
static struct image {
	ElfW(Phdr) ph[5];
	struct sealing_note note;
	struct sealing_process_note pnote;
	unsigned char code[16];
	unsigned char state;      /* the policy note's */
	unsigned char pass_state; /* the process note's */
} img;

#define OFF(field) ((ElfW(Addr))offsetof(struct image, field))
#define REL(from, to) ((int32_t)((intptr_t)(to) - (intptr_t)(from)))

/* with_pass: the executable carries the process pass (its note). */
static void image(int with_pass)
{
	memset(&img, 0, sizeof(img));
	img.ph[0] = (ElfW(Phdr)){ .p_type = PT_PHDR, .p_flags = PF_R, .p_vaddr = OFF(ph),
				  .p_memsz = sizeof(img.ph) };
	img.ph[1] = (ElfW(Phdr)){ .p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_vaddr = OFF(code),
				  .p_memsz = sizeof(img.code) };
	img.ph[2] = (ElfW(Phdr)){ .p_type = PT_LOAD, .p_flags = PF_R | PF_W, .p_vaddr = OFF(state),
				  .p_memsz = 2 };
	img.ph[3] = (ElfW(Phdr)){ .p_type = PT_NOTE, .p_flags = PF_R, .p_vaddr = OFF(note),
				  .p_memsz = sizeof(img.note) + sizeof(img.pnote), .p_align = 4 };
	img.ph[4] = (ElfW(Phdr)){ .p_type = PT_INTERP, .p_flags = PF_R, .p_vaddr = OFF(code),
				  .p_memsz = 1 };
	img.note.namesz = img.pnote.namesz = SEALING_NOTE_NAMESZ;
	memcpy(img.note.name, SEALING_NOTE_NAME, SEALING_NOTE_NAMESZ);
	memcpy(img.pnote.name, SEALING_NOTE_NAME, SEALING_NOTE_NAMESZ);
	img.note.descsz = SEALING_NOTE_DESCSZ;
	img.note.type = SEALING_NOTE_TYPE;
	img.note.desc.version = SEALING_NOTE_VERSION;
	img.note.desc.policy = SEALING_POLICY_BEST;
	img.note.desc.flags = SEALING_FLAGS_DEFAULT;
	img.note.desc.state = REL(&img.note.desc.state, &img.state);
	img.pnote.descsz = SEALING_PROCESS_DESCSZ;
	/* Without the pass, the slot holds a note of another type. */
	img.pnote.type = with_pass ? SEALING_PROCESS_NOTE_TYPE : 0x7e;
	img.pnote.desc.version = SEALING_NOTE_VERSION;
	img.pnote.desc.state = REL(&img.pnote.desc.state, &img.pass_state);
	img.pnote.desc.entry = REL(&img.pnote.desc.entry, img.code);
}

/* A library: a code segment and a dynamic section without DF_1_PIE. */
static struct fake_object lib;

enum module { MOD_LIB, MOD_EXE };

struct kind_case {
	const char *what;
	int with_pass;          /* the executable carries the process pass */
	unsigned pass_state;    /* its state byte */
	unsigned state;         /* the policy note's state byte */
	int damage;             /* 1: process note's state into code; 2: its version 2 */
	enum module module;     /* whose constructor asks */
	long depth;             /* argv - frame; UNKNOWN_FRAME: frame 0 */
	int no_argv;            /* the constructor's arguments were not glibc's */
	int no_phdr;            /* no AT_PHDR in the auxiliary vector */
	enum rt_load want;
	/* Asked exactly, it walks the link map (once): deep in the stack,
	 * under glibc, before the executable's constructor.  Asked otherwise
	 * it never walks, and answers the same here (the fake map closes on
	 * nothing: not start-up). */
	int walks;
};

#define UNKNOWN_FRAME (-0x7fffffffL)
#define DEPTH ((long)RT_STARTUP_DEPTH)

static const struct kind_case kinds[] = {
	{ "the executable itself", 1, 0, 0, 0, MOD_EXE, 100, 0, 0, RT_LOAD_EXE, 0 },
	{ "the executable, deep in the stack", 1, SEALING_STATE_RAN, 0, 0, MOD_EXE, 100000, 0, 0, RT_LOAD_EXE, 0 },
	{ "the executable without AT_PHDR (PT_INTERP)", 0, 0, 0, 0, MOD_EXE, 100, 0, 1, RT_LOAD_EXE, 0 },
	{ "start-up, the pass not yet run", 1, 0, 0, 0, MOD_LIB, 152, 0, 0, RT_LOAD_STARTUP, 0 },
	{ "the pass has begun: dlopen'd", 1, SEALING_STATE_RAN, 0, 0, MOD_LIB, 152, 0, 0, RT_LOAD_DLOPEN, 0 },
	{ "no pass, the executable's core has run", 0, 0, SEALING_STATE_RAN, 0, MOD_LIB, 152, 0, 0, RT_LOAD_DLOPEN, 0 },
	{ "no pass, nothing run, shallow", 0, 0, 0, 0, MOD_LIB, 152, 0, 0, RT_LOAD_STARTUP, 0 },
	{ "right at argv", 0, 0, 0, 0, MOD_LIB, 0, 0, 0, RT_LOAD_STARTUP, 0 },
	{ "one byte within the depth", 0, 0, 0, 0, MOD_LIB, DEPTH - 1, 0, 0, RT_LOAD_STARTUP, 0 },
	{ "at the depth", 0, 0, 0, 0, MOD_LIB, DEPTH, 0, 0, RT_LOAD_DLOPEN, 1 },
	{ "dlopen from main (1.8 KB down)", 0, 0, 0, 0, MOD_LIB, 1800, 0, 0, RT_LOAD_DLOPEN, 1 },
	{ "another thread's stack, above argv", 0, 0, 0, 0, MOD_LIB, -4096, 0, 0, RT_LOAD_DLOPEN, 1 },
	{ "frame unknown", 0, 0, 0, 0, MOD_LIB, UNKNOWN_FRAME, 0, 0, RT_LOAD_DLOPEN, 1 },
	{ "no argv (musl)", 0, 0, 0, 0, MOD_LIB, 152, 1, 0, RT_LOAD_DLOPEN, 0 },
	{ "no AT_PHDR: no executable to ask", 1, SEALING_STATE_RAN, 0, 0, MOD_LIB, 152, 0, 1, RT_LOAD_STARTUP, 0 },
	/* A process note that leads nowhere sound is no process note: the
	 * executable's policy note and the stack decide. */
	{ "process note's state in code", 1, SEALING_STATE_RAN, 0, 1, MOD_LIB, 152, 0, 0, RT_LOAD_STARTUP, 0 },
	{ "process note of version 2", 1, SEALING_STATE_RAN, 0, 2, MOD_LIB, 152, 0, 0, RT_LOAD_STARTUP, 0 },
	{ "process note's state in code, core ran", 1, 0, SEALING_STATE_RAN, 1, MOD_LIB, 152, 0, 0, RT_LOAD_DLOPEN, 0 },
};

/* Stands for dl_iterate_phdr: counts the walks, and has nothing to show. */
static int iterations;
static int count_iterations(int (*cb)(struct dl_phdr_info *, size_t, void *), void *arg)
{
	(void)cb, (void)arg;
	iterations++;
	return -1;
}

static int load_kind(const struct kind_case *k)
{
	struct fake_process fp;
	struct rt_object m;
	static const char *names[] = { "exe", "start-up", "dlopen", "deferred" };

	image(k->with_pass);
	img.pass_state = (unsigned char)k->pass_state;
	img.state = (unsigned char)k->state;
	if (k->damage == 1)
		img.pnote.desc.state = REL(&img.pnote.desc.state, img.code);
	else if (k->damage == 2)
		img.pnote.desc.version = 2;
	const unsigned long aux[] = {
		k->no_phdr ? AT_IGNORE : AT_PHDR, (uintptr_t)img.ph, AT_PHNUM, 5,
		AT_PAGESZ, 4096, AT_NULL,
	};
	process(&fp, aux);
	if (k->module == MOD_EXE) {
		rt_object_scan(&m, img.ph, 5, (uintptr_t)&img, 0);
	} else {
		object(&lib, "/opt/libplugin.so libplugin.so libc.so.6", DYN_RELOCATED);
		rt_object_scan(&m, lib.ph, lib.info.dlpi_phnum, 0, 0);
	}
	if (k->no_argv)
		fp.p.argv = 0;
	fp.p.frame = k->depth == UNKNOWN_FRAME ? 0 : (uintptr_t)fp.stack - (uintptr_t)k->depth;

	int ok = 1;
	for (int exact = 1; exact >= 0; exact--) {
		iterations = 0;
		fp.p.iterate = (void *)count_iterations;
		enum rt_load got = rt_load_kind(&fp.p, &m, exact);
		int walks = exact && k->walks;
		int right = got == k->want && iterations == walks;
		printf("%s: load-kind: %s%s: %s, %d walk%s\n", right ? "ok" : "FAIL", k->what,
		       exact ? "" : " (not exact)", names[got], iterations, iterations == 1 ? "" : "s");
		if (!right)
			printf("  expected %s, %d walk%s\n", names[k->want], walks, walks == 1 ? "" : "s");
		ok &= right;
	}
	return ok;
}

int main(void)
{
	int failures = 0;
	size_t nmaps = sizeof(maps) / sizeof(maps[0]);
	size_t nkinds = sizeof(kinds) / sizeof(kinds[0]);

	for (size_t i = 0; i < nmaps; i++)
		failures += !walk(&maps[i]);
	printf("walk: %zu maps, %d failures\n", nmaps, failures);
	int before = failures;
	for (size_t i = 0; i < nkinds; i++)
		failures += !load_kind(&kinds[i]);
	printf("load-kind: %zu cases, %d failures\n", nkinds, failures - before);
	return failures != 0;
}
