/* SPDX-License-Identifier: MIT */
/*
 * Sealing what is loaded, with the runtime's own parts (runtime/rt-*.c,
 * built with -DSEALING_RT_SEPARATE), so the rules are the same:
 *
 * - an object with our note ran its own runtime, which followed the note
 *   (or left it to the executable, which did): nothing to do;
 * - an object without one is sealed under SEALING_POLICY (default 1;
 *   in a secure-execution process it may only raise it), its RELRO made
 *   anonymous first, unless SEALING_EXEMPT names it;
 * - an object that was not loaded at start-up is pinned (RTLD_NODELETE)
 *   first, so dlclose cannot leak copies of it;
 * - the vdso is left to the kernel unless SEALING_VDSO=seal.
 *
 * A sweep only looks further when the loader's count of added objects
 * moved, and remembers what it sealed (sealed objects are never
 * unmapped, so their headers' addresses identify them for good).
 */
#include "loader.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#define LOADER_NAME "libsealing-loader.so"

/* The note an object without one is treated as having. */
static const struct sealing_note default_note = {
	.namesz = SEALING_NOTE_NAMESZ,
	.descsz = SEALING_NOTE_DESCSZ,
	.type = SEALING_NOTE_TYPE,
	.name = SEALING_NOTE_NAME,
	.desc = { .version = SEALING_NOTE_VERSION, .policy = SEALING_POLICY_DEFAULT },
};

static const void **sealed;
static size_t nsealed, capacity;
static unsigned long long seen_adds;

static int already(const void *phdr)
{
	for (size_t i = 0; i < nsealed; i++)
		if (sealed[i] == phdr)
			return 1;
	return 0;
}

static void remember(struct rt_batch *b, struct rt_job *j)
{
	(void)b;
	if (nsealed == capacity) {
		size_t n = capacity ? 2 * capacity : 64;
		const void **grown = realloc(sealed, n * sizeof(*sealed));
		if (!grown)
			return; /* only costs a second, harmless, attempt later */
		sealed = grown;
		capacity = n;
	}
	sealed[nsealed++] = j->o.phdr;
}

struct sweep {
	struct rt_process *p;
	struct rt_startup_walk walk;
	_Alignas(uintptr_t) uint32_t hash[2048];
	int exe_sealed_startup; /* the executable's process pass did start-up */
	struct rt_batch batch;
};

static int visit(struct dl_phdr_info *info, size_t size, void *data)
{
	struct sweep *s = data;
	struct rt_batch *b = &s->batch;
	struct rt_job *j = rt_batch_job(b);
	int startup = rt_startup_walk_next(&s->walk, info);
	const char *vdso_env = getenv("SEALING_VDSO");

	(void)size;
	if (already(info->dlpi_phdr) ||
	    (rt_is_vdso(s->p, info) && !(vdso_env && !strcmp(vdso_env, "seal"))))
		return 0;
	rt_object_from_info(&j->o, info);
	if (!j->o.name)
		j->o.name = rt_is_vdso(s->p, info) ? "[vdso]" :
			    (const char *)rt_auxval(s->p, AT_EXECFN);
	if (!j->o.name)
		j->o.name = "(executable)";
	if (j->o.note) {
		volatile unsigned char *st = rt_note_state(j->o.note);
		if (st && (rt_state_get(st) & SEALING_STATE_RAN))
			return 0; /* its own runtime followed its note */
		rt_config_read(s->p, j->o.note, &j->c);
	} else {
		rt_config_read(s->p, &default_note, &j->c);
	}
	if (startup && s->exe_sealed_startup)
		return 0;
	j->how = startup ? "loaded at start-up, sealed by " LOADER_NAME
			 : "dlopen'd, pinned and sealed by " LOADER_NAME;
	if (j->c.policy == SEALING_POLICY_OFF) {
		rt_batch_skip(b, "policy 0");
		return 0;
	}
	if (rt_exempt(s->p, j->o.name)) {
		rt_batch_skip(b, "SEALING_EXEMPT names it");
		return 0;
	}
	/* Sealed but unpinned, every dlclose would leak a copy. */
	if (!startup &&
	    !loader_real_dlopen()(j->o.name, RTLD_LAZY | RTLD_NOLOAD | RTLD_NODELETE)) {
		j->r.err = ENOENT;
		if (j->c.policy == SEALING_POLICY_ENFORCE)
			rt_fatal(j->o.name, &j->r, "cannot make it RTLD_NODELETE before sealing");
		rt_batch_skip(b, "could not make it RTLD_NODELETE");
		return 0;
	}
	rt_batch_add(b);
	return 0;
}

static int count_adds(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	*(unsigned long long *)data = info->dlpi_adds;
	return 1;
}

void loader_sweep(void)
{
	static struct sweep s; /* large; one sweep at a time (the caller locks) */
	unsigned long long adds = 0;
	struct rt_exe_view e;

	dl_iterate_phdr(count_adds, &adds);
	if (adds == seen_adds || rt_running_on_valgrind())
		return;
	seen_adds = adds;
	memset(&s, 0, sizeof(s));
	s.p = loader_process();
	s.batch.page = rt_page_size(s.p);
	s.batch.sealed = remember;
	rt_exe_view(s.p, &e);
	s.exe_sealed_startup = e.seals_process && e.state &&
			       (rt_state_get(e.state) & SEALING_STATE_RAN);
	rt_startup_walk_init(&s.walk, s.p, s.hash, sizeof(s.hash) / sizeof(s.hash[0]));
	dl_iterate_phdr(visit, &s);
	rt_batch_flush(&s.batch);
}
