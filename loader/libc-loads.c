/* SPDX-License-Identifier: MIT */
/*
 * glibc's own dlopens.  libc loads gconv modules for iconv and NSS
 * modules (libnss_systemd, libnss_sss, ...) for user, group and host
 * lookups with its internal __libc_dlopen, which the dlopen interposed in
 * sealing-loader.c never sees; they would stay open until the program
 * next called dlopen.  So the public entry points that most programs
 * reach them through sweep after the real call, the way dlopen does.
 *
 * The rest stay open until the next sweep: libc also loads these from
 * inside itself (a locale's charset conversion, getaddrinfo's IDN
 * support, libgcc_s for pthread_cancel and backtrace), through calls
 * that never leave libc and so cannot be interposed.
 * docs/compatibility.md has what a typical process leaves open.
 */
#define _GNU_SOURCE 1
#include "loader.h"

#include <dlfcn.h>
#include <grp.h>
#include <iconv.h>
#include <netdb.h>
#include <pwd.h>

/* RET NAME(PARAMS): the real NAME(ARGS), then a sweep. */
#define LOADER_SWEEP_AFTER(RET, NAME, PARAMS, ARGS)                          \
	__attribute__((visibility("default"))) RET NAME PARAMS                \
	{                                                                      \
		static RET(*real) PARAMS;                                      \
		if (!real)                                                     \
			real = (RET(*) PARAMS)dlsym(RTLD_NEXT, #NAME);         \
		RET ret = real ARGS;                                           \
		loader_sweep_after_libc();                                     \
		return ret;                                                    \
	}

LOADER_SWEEP_AFTER(iconv_t, iconv_open, (const char *to, const char *from), (to, from))
LOADER_SWEEP_AFTER(struct passwd *, getpwnam, (const char *name), (name))
LOADER_SWEEP_AFTER(struct passwd *, getpwuid, (uid_t uid), (uid))
LOADER_SWEEP_AFTER(int, getpwnam_r,
		   (const char *name, struct passwd *pw, char *buf, size_t len, struct passwd **res),
		   (name, pw, buf, len, res))
LOADER_SWEEP_AFTER(int, getpwuid_r,
		   (uid_t uid, struct passwd *pw, char *buf, size_t len, struct passwd **res),
		   (uid, pw, buf, len, res))
LOADER_SWEEP_AFTER(struct group *, getgrnam, (const char *name), (name))
LOADER_SWEEP_AFTER(struct group *, getgrgid, (gid_t gid), (gid))
LOADER_SWEEP_AFTER(int, getgrnam_r,
		   (const char *name, struct group *gr, char *buf, size_t len, struct group **res),
		   (name, gr, buf, len, res))
LOADER_SWEEP_AFTER(int, getgrgid_r,
		   (gid_t gid, struct group *gr, char *buf, size_t len, struct group **res),
		   (gid, gr, buf, len, res))
LOADER_SWEEP_AFTER(int, getgrouplist,
		   (const char *user, gid_t group, gid_t *groups, int *ngroups),
		   (user, group, groups, ngroups))
LOADER_SWEEP_AFTER(int, getaddrinfo,
		   (const char *node, const char *service, const struct addrinfo *hints,
		    struct addrinfo **res),
		   (node, service, hints, res))
LOADER_SWEEP_AFTER(struct hostent *, gethostbyname, (const char *name), (name))
