/* SPDX-License-Identifier: MIT */
/*
 * sealing-llvm.so, the one plugin path for every clang and opt: it finds
 * out which LLVM the process that loaded it runs, loads the pass built for
 * that LLVM (llvm-N/sealing-llvm-N.so beside it) and hands the compiler
 * that build's llvmGetPassPluginInfo.  It is plain C with no reference to
 * any LLVM symbol, so any LLVM can load it; a pass plugin itself cannot be
 * shared, because LLVM's C++ ABI changes with every major version (a
 * build for 19 dies in clang 14 with an undefined SmallVector symbol).
 *
 * - It loads the pass from its own constructor, because clang's -fplugin=
 *   only dlopens a file: the pass's -sealing-* options must be registered
 *   before clang parses -mllvm.  -fpass-plugin= then dlopens this file
 *   again, which returns the same handle, so the pass is loaded once.
 * - llvmGetPassPluginInfo is a GNU indirect function whose resolver
 *   returns the pass's own function: the compiler calls the real one, with
 *   its own ABI (LLVM 22's PassPluginLibraryInfo has a fifth field), and
 *   this file needs to know nothing about it.
 * - With no build for this LLVM, the compile stops with one line that says
 *   what to install, instead of a symbol-lookup crash.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SONAME_PREFIX "libLLVM"

/*
 * The loaded pass's llvmGetPassPluginInfo.  Its real type does not matter
 * here: the compiler calls it through the indirect function below.
 */
typedef void pass_info_fn(void);
static pass_info_fn *pass_info;

/* Leading decimal digits of s, or -1. */
static int leading_number(const char *s)
{
	int n = 0;
	if (*s < '0' || *s > '9')
		return -1;
	while (*s >= '0' && *s <= '9' && n < 1000)
		n = n * 10 + (*s++ - '0');
	return n;
}

/* libLLVM-14.so.1 (Debian up to 17) or libLLVM.so.18.1 (18 and later). */
static int major_from_soname(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (strncmp(base, SONAME_PREFIX "-", sizeof SONAME_PREFIX) == 0)
		return leading_number(base + sizeof SONAME_PREFIX);
	if (strncmp(base, SONAME_PREFIX ".so.", sizeof SONAME_PREFIX + 3) == 0)
		return leading_number(base + sizeof SONAME_PREFIX + 3);
	return -1;
}

static int find_libllvm(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	int n = major_from_soname(info->dlpi_name ? info->dlpi_name : "");
	if (n > 0) {
		*(int *)data = n;
		return 1;
	}
	return 0;
}

/*
 * The major version of the LLVM in this process: LLVMGetVersion (the C
 * API has it from LLVM 16, and a statically linked clang exports it for
 * its plugins), else the shared libLLVM the compiler was linked with.
 */
static int host_llvm_major(void)
{
	void (*get)(unsigned *, unsigned *, unsigned *) =
		(void (*)(unsigned *, unsigned *, unsigned *))dlsym(RTLD_DEFAULT, "LLVMGetVersion");
	if (get) {
		unsigned major = 0, minor = 0, patch = 0;
		get(&major, &minor, &patch);
		if (major > 0)
			return (int)major;
	}
	int n = -1;
	dl_iterate_phdr(find_libllvm, &n);
	return n;
}

/* The directory this file was loaded from, into dir (no trailing slash). */
static int own_dir(char *dir, size_t size)
{
	Dl_info info;
	if (!dladdr((void *)own_dir, &info) || !info.dli_fname)
		return 0;
	const char *slash = strrchr(info.dli_fname, '/');
	size_t len = slash ? (size_t)(slash - info.dli_fname) : 1;
	if (len + 1 > size)
		return 0;
	memcpy(dir, slash ? info.dli_fname : ".", len);
	dir[len] = '\0';
	return 1;
}

/* "14, 15, 16, 19": the llvm-N/sealing-llvm-N.so present in dir. */
static void list_builds(const char *dir, char *out, size_t size)
{
	char seen[1000] = { 0 };
	out[0] = '\0';
	DIR *d = opendir(dir);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d)) != NULL) {
			int n = strncmp(e->d_name, "llvm-", 5) == 0 ? leading_number(e->d_name + 5) : -1;
			char path[4096];
			if (n <= 0 || n >= 1000 ||
			    snprintf(path, sizeof path, "%s/%s/sealing-llvm-%d.so", dir, e->d_name, n) >= (int)sizeof path ||
			    access(path, R_OK) != 0)
				continue;
			seen[n] = 1;
		}
		closedir(d);
	}
	size_t used = 0;
	for (int n = 1; n < 1000; n++)
		if (seen[n] && used < size)
			used += (size_t)snprintf(out + used, size - used, "%s%d", used ? ", " : "", n);
	if (!out[0])
		snprintf(out, size, "none");
}

/*
 * The compiler cannot go on without the pass it was asked for: one line,
 * then exit, from inside its plugin loading, without running its exit
 * handlers (they would print a crash banner).
 */
static void die(const char *line)
{
	fprintf(stderr, "sealing: %s\n", line);
	fflush(stderr);
	_exit(1);
}

__attribute__((constructor)) static void load_pass(void)
{
	char dir[4096], path[4200], builds[256], line[8600];
	if (!own_dir(dir, sizeof dir))
		die("cannot find the directory sealing-llvm.so was loaded from");
	int major = host_llvm_major();
	if (major <= 0) {
		snprintf(line, sizeof line,
			 "cannot tell which LLVM loaded %s/sealing-llvm.so (no LLVMGetVersion, "
			 "no libLLVM): load %s/llvm-N/sealing-llvm-N.so for LLVM N directly",
			 dir, dir);
		die(line);
	}
	snprintf(path, sizeof path, "%s/llvm-%d/sealing-llvm-%d.so", dir, major, major);
	if (access(path, R_OK) != 0) {
		list_builds(dir, builds, sizeof builds);
		snprintf(line, sizeof line,
			 "no pass plugin for LLVM %d here (built for %s): install sealing-llvm-%d, "
			 "or rebuild with -DLLVM_DIR=/usr/lib/llvm-%d/lib/cmake/llvm",
			 major, builds, major, major);
		die(line);
	}
	void *h = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
	if (!h)
		die(dlerror());
	pass_info = (pass_info_fn *)dlsym(h, "llvmGetPassPluginInfo");
	if (!pass_info) {
		snprintf(line, sizeof line, "%s exports no llvmGetPassPluginInfo", path);
		die(line);
	}
	const char *debug = getenv("SEALING_LLVM_DISPATCH_DEBUG");
	if (debug && debug[0] == '1')
		fprintf(stderr, "sealing: LLVM %d: loaded %s\n", major, path);
}

/* Runs when the compiler looks the symbol up, after load_pass. */
static pass_info_fn *resolve_pass_info(void)
{
	return pass_info;
}

__attribute__((visibility("default"), ifunc("resolve_pass_info")))
void llvmGetPassPluginInfo(void);
