/* SPDX-License-Identifier: MIT */
/*
 * Sealing what is loaded, with the runtime's own parts (runtime/rt-*.c,
 * built with -DSEALING_RT_SEPARATE): the same walk, the same rule
 * (rt_decide, asked as RT_ASK_LOADER) and the same way of sealing
 * (rt_sweep_run), so the loader module and the runtime cannot disagree.
 *
 * What the module adds is memory: it remembers what it sealed (sealed
 * objects are never unmapped, so their headers' addresses identify them
 * for good), and a sweep only looks further when the loader's count of
 * added objects moved.  No lock is held while the sweep calls into the
 * loader (rt-sweep.c says why); two sweeps at once may both seal an
 * object, which is harmless.
 */
#include "loader.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

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
static pthread_mutex_t sealed_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long seen_adds;

static int known(void *ctx, const void *phdr)
{
	int found = 0;
	(void)ctx;
	pthread_mutex_lock(&sealed_lock);
	for (size_t i = 0; i < nsealed && !found; i++)
		found = sealed[i] == phdr;
	pthread_mutex_unlock(&sealed_lock);
	return found;
}

static void remember(void *ctx, const struct rt_job *j)
{
	(void)ctx;
	pthread_mutex_lock(&sealed_lock);
	if (nsealed == capacity) {
		size_t n = capacity ? 2 * capacity : 64;
		const void **grown = realloc(sealed, n * sizeof(*sealed));
		if (grown) {
			sealed = grown;
			capacity = n;
		}
	}
	/* Without room it only costs a second, harmless, attempt later. */
	if (nsealed < capacity)
		sealed[nsealed++] = j->o.phdr;
	pthread_mutex_unlock(&sealed_lock);
}

static int count_adds(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	*(unsigned long long *)data = info->dlpi_adds;
	return 1;
}

void loader_sweep(const struct loader_env *env)
{
	struct rt_process *p = env->p;
	unsigned long long adds = 0;
	volatile unsigned char *pass;
	struct rt_sweep *s;

	if (rt_running_on_valgrind()) {
		/* valgrind 3.19 knows no mseal: say once why nothing is sealed. */
		static int said;
		struct rt_config c;
		rt_config_read(p, &default_note, &c);
		if (c.debug && !__atomic_exchange_n(&said, 1, __ATOMIC_SEQ_CST))
			rt_warn(&c, "libsealing-loader.so", "not sealed: running under valgrind");
		return;
	}
	rt_iterate(p, count_adds, &adds);
	if (__atomic_exchange_n(&seen_adds, adds, __ATOMIC_SEQ_CST) == adds)
		return;
	/* Large (a batch of jobs and their names): never on a thread's stack.
	 * Mapped by the system call, zeroed by the kernel page by page as it
	 * is touched: calloc and free were two more lazy bindings at every
	 * start-up, and calloc wrote all 30 KB (loader.h, loader_getenv). */
	long m = rt_syscall6(SYS_mmap, 0, (long)sizeof(*s), PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (rt_syscall_failed(m))
		return;
	s = (struct rt_sweep *)m;
	s->p = p;
	s->asker = RT_ASK_LOADER;
	s->dlopen = env->dlopen;
	s->page = rt_page_size(p);
	s->known = known;
	s->sealed = remember;
	s->admin_exempt = loader_exempt_names;
	rt_config_read(p, &default_note, &s->conf);
	if (env->seal_vdso)
		s->conf.flags |= SEALING_FLAG_SEAL_VDSO;
	/* The executable's process pass, if it has one and it ran, handled
	 * every start-up module with a note, and in process scope at a
	 * policy above 0 every start-up object. */
	pass = rt_exe_pass_state(p);
	s->exe_pass_ran = pass && (rt_state_get(pass) & SEALING_STATE_RAN);
	if (s->exe_pass_ran) {
		struct rt_object e;
		const struct sealing_note *n;
		struct rt_config c;
		if (rt_object_exe(p, &e) && (n = rt_object_note(&e))) {
			rt_config_read(p, n, &c);
			s->exe_sealed_startup = c.policy != SEALING_POLICY_OFF &&
						(c.flags & SEALING_FLAG_SCOPE_PROCESS);
		}
	}
	rt_sweep_run(s);
	rt_syscall3(SYS_munmap, m, sizeof(*s), 0);
}
