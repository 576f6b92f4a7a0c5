/* SPDX-License-Identifier: MIT */
/*
 * The RELRO batch (rt_relro_batch_swap, runtime/rt-relro.c) on the real
 * kernel, with each step of the memfd way refused in turn by a seccomp
 * filter: memfd_create, writev, F_ADD_SEALS, and the mmap of one object
 * in the middle of the batch, alone or with every mremap of the fallback
 * refused too; and an object that somebody sealed first.  Every case runs
 * in a child of its own (a filter cannot be removed) on four objects laid
 * out as a loader leaves RELRO: file-backed private pages, written
 * ("relocated"), then made read-only.  One line per object: what backs
 * its RELRO now, what the result says, whether its bytes survived; and
 * whether the memfd's descriptor was closed.  Linked with rt-relro.c and
 * rt-seal.c compiled on their own against the machine's rt-arch.h
 * (relro-batch.test).
 */
#include "rt.h"
#include "sealprobe.h"

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__x86_64__)
#define AUDIT_ARCH_SELF AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define AUDIT_ARCH_SELF AUDIT_ARCH_AARCH64
#endif

#define N 4
static const unsigned pages[N] = { 1, 2, 1, 3 };
static struct rt_range relro[N];
static struct rt_result result[N];
static size_t pg;

/* Each object: a page of "text", its RELRO, a page of "data", from fd. */
static void setup(int fd)
{
	for (int i = 0; i < N; i++) {
		size_t len = pages[i] * pg;
		char *b = mmap(0, len + 2 * pg, PROT_READ, MAP_PRIVATE, fd, 0);
		if (b == MAP_FAILED || mprotect(b + pg, len, PROT_READ | PROT_WRITE))
			exit(90);
		for (size_t k = 0; k < len; k++)
			b[pg + k] = (char)(i * 31 + k / pg * 7 + k);
		if (mprotect(b + pg, len, PROT_READ))
			exit(91);
		relro[i] = (struct rt_range){ (uintptr_t)b + pg, (uintptr_t)b + pg + len };
	}
}

static int intact(int i)
{
	const char *p = (const char *)relro[i].lo;
	for (size_t k = 0; k < pages[i] * pg; k++)
		if (p[k] != (char)(i * 31 + k / pg * 7 + k))
			return 0;
	return 1;
}

/* The name /proc/self/maps gives the mapping at addr; "" if anonymous,
 * "UNMAPPED" if none. */
static void backing(uintptr_t addr, char *out, size_t size)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[512];
	snprintf(out, size, "UNMAPPED");
	while (f && fgets(line, sizeof(line), f)) {
		unsigned long lo, hi;
		int off = 0;
		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s%n", &lo, &hi, &off) >= 2 &&
		    addr >= lo && addr < hi) {
			const char *n = line + off;
			while (*n == ' ')
				n++;
			snprintf(out, size, "%s", n);
			out[strcspn(out, "\n")] = 0;
			if (strstr(out, "relro-batch-file"))
				snprintf(out, size, "the file");
			else if (!out[0])
				snprintf(out, size, "anonymous");
		}
	}
	if (f)
		fclose(f);
}

/* ---- the filters: each rule refuses one call, maybe narrowed ---------- */

static struct sock_filter prog[64];
static unsigned short plen;

static void ins(struct sock_filter f)
{
	prog[plen++] = f;
}

enum { ANY = 0, ARG_EQ, ARG_SET, ADDR_EQ_SHARED };

/* Refuses call nr with err: always (ANY), when argument arg's low word
 * equals (ARG_EQ) or has a bit of (ARG_SET) val, or for mmap at address
 * val with MAP_SHARED (ADDR_EQ_SHARED). */
static void rule(long nr, int how, int arg, uint64_t val, int err)
{
	unsigned ret = SECCOMP_RET_ERRNO | (unsigned)err;
	unsigned lo_word = offsetof(struct seccomp_data, args) + 8 * (unsigned)arg;
	ins((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
	unsigned char skip = how == ANY ? 1 : how == ADDR_EQ_SHARED ? 7 : 3;
	ins((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, skip));
	if (how == ARG_EQ || how == ARG_SET) {
		ins((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, lo_word));
		ins((struct sock_filter)BPF_JUMP(BPF_JMP | (how == ARG_EQ ? BPF_JEQ : BPF_JSET) | BPF_K,
						 (unsigned)val, 0, 1));
	} else if (how == ADDR_EQ_SHARED) {
		/* args[0] == val, both words (little-endian), and args[3] & MAP_SHARED */
		unsigned a0 = offsetof(struct seccomp_data, args);
		unsigned a3 = a0 + 8 * 3;
		ins((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, a0));
		ins((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)val, 0, 5));
		ins((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, a0 + 4));
		ins((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)(val >> 32), 0, 3));
		ins((struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, a3));
		ins((struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, MAP_SHARED, 0, 1));
	}
	ins((struct sock_filter)BPF_STMT(BPF_RET | BPF_K, ret));
}

static void install(void)
{
	struct sock_filter head[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_SELF, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_filter all[64 + 4];
	unsigned short n = 0;
	for (size_t i = 0; i < sizeof(head) / sizeof(head[0]); i++)
		all[n++] = head[i];
	for (unsigned i = 0; i < plen; i++)
		all[n++] = prog[i];
	all[n++] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
	struct sock_fprog fp = { n, all };
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fp))
		exit(92);
}

/* ---- the cases -------------------------------------------------------- */

enum scenario {
	ALL_WELL,
	NO_MEMFD,
	NO_WRITEV,
	NO_SEALS,
	MMAP_FAILS_AT_2,
	MMAP_AND_MREMAP_FAIL,
	SEALED_FIRST,
	NSCENARIOS
};

static const char *const names[NSCENARIOS] = {
	"every step works",
	"memfd_create refused (EPERM)",
	"writev refused (EPERM)",
	"F_ADD_SEALS refused (EINVAL)",
	"mmap of object 2 refused (EPERM)",
	"mmap of object 2 and every mremap refused (EPERM)",
	"object 1 sealed by somebody else first",
};

static void run(enum scenario s, int fd)
{
	struct rt_relro_batch b;
	char name[256];

	setup(fd);
	memset(&b, 0, sizeof(b));
	memset(result, 0, sizeof(result));
	for (int i = 0; i < N; i++) {
		b.relro[b.n] = relro[i];
		b.result[b.n++] = &result[i];
		b.bytes += relro[i].hi - relro[i].lo;
	}
	switch (s) {
	case NO_MEMFD:
		rule(SYS_memfd_create, ANY, 0, 0, EPERM);
		break;
	case NO_WRITEV:
		rule(SYS_writev, ANY, 0, 0, EPERM);
		break;
	case NO_SEALS:
		rule(SYS_fcntl, ARG_EQ, 1, 1033 /* F_ADD_SEALS */, EINVAL);
		break;
	case MMAP_AND_MREMAP_FAIL:
		rule(SYS_mremap, ANY, 0, 0, EPERM);
		/* fall through */
	case MMAP_FAILS_AT_2:
		rule(SYS_mmap, ADDR_EQ_SHARED, 0, relro[2].lo, EPERM);
		break;
	case SEALED_FIRST:
		if (rt_mseal(relro[1].lo, relro[1].hi))
			exit(93);
		break;
	default:
		break;
	}
	if (plen)
		install();
	rt_relro_batch_swap(&b);
	printf("%s:\n", names[s]);
	for (int i = 0; i < N; i++) {
		const struct rt_result *r = &result[i];
		backing(relro[i].lo, name, sizeof(name));
		printf("  object %d (%u pages): %s; result:%s%s%s%s err=%ld calls=%u; bytes %s\n",
		       i, pages[i], name, r->relro.hi ? " relro" : "",
		       r->relro_how && strstr(r->relro_how, "memfd") ? " memfd" : "", r->relro_failed ? " failed" : "",
		       r->already_sealed ? " already-sealed" : "", r->err, r->calls,
		       intact(i) ? "intact" : "CHANGED");
		if (r->relro.hi && (r->relro.lo != relro[i].lo || r->relro.hi != relro[i].hi))
			printf("  object %d: FAIL: result range is not its RELRO\n", i);
	}
	printf("  memfd descriptors open: %d\n", probe_fds_named("memfd:"));
	fflush(stdout);
}

int main(void)
{
	char path[] = "/tmp/relro-batch-file-XXXXXX";
	int fd = mkstemp(path);

	pg = (size_t)sysconf(_SC_PAGESIZE);
	if (fd < 0 || unlink(path) || ftruncate(fd, 8 * pg))
		return 2;
	for (int s = 0; s < NSCENARIOS; s++) {
		fflush(stdout);
		pid_t pid = fork();
		if (pid < 0)
			return 2;
		if (!pid) {
			run((enum scenario)s, fd);
			_exit(0);
		}
		int status;
		if (waitpid(pid, &status, 0) != pid || status) {
			printf("%s: FAIL: child status %#x\n", names[s], status);
			return 1;
		}
	}
	return 0;
}
