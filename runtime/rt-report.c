/* SPDX-License-Identifier: MIT */
/*
 * One-line messages without stdio or allocation: a fixed buffer, filled
 * left to right, truncated rather than overflowed, written with one
 * write(2) so lines from concurrent dlopens do not interleave.  Only
 * SEALING_DEBUG and policy-2 failures get here, so it all lives out of
 * the hot text.
 */
#include "rt.h"

#include <fcntl.h> /* constants only */

RT_COLD RT_FN void rt_put(struct rt_line *l, const char *s)
{
	while (s && *s && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = *s++;
}

static void rt_put_num(struct rt_line *l, unsigned long v, unsigned base)
{
	char tmp[24];
	size_t n = sizeof(tmp);
	tmp[--n] = 0;
	do
		tmp[--n] = "0123456789abcdef"[v % base];
	while (v /= base);
	rt_put(l, tmp + n);
}

RT_COLD RT_FN void rt_put_dec(struct rt_line *l, unsigned long v)
{
	rt_put_num(l, v, 10);
}

RT_COLD RT_FN void rt_put_range(struct rt_line *l, struct rt_range r)
{
	rt_put(l, "0x");
	rt_put_num(l, r.lo, 16);
	rt_put(l, "-0x");
	rt_put_num(l, r.hi, 16);
}

static const char *rt_errno_name(long err)
{
	switch (err) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case ESRCH: return "ESRCH";
	case ENOEXEC: return "ENOEXEC";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EINVAL: return "EINVAL";
	case ENOSYS: return "ENOSYS";
	default: return "error";
	}
}

RT_COLD RT_FN void rt_put_errno(struct rt_line *l, long err)
{
	rt_put(l, rt_errno_name(err));
	rt_put(l, " (errno ");
	rt_put_dec(l, (unsigned long)err);
	rt_put(l, ")");
}

/*
 * SEALING_DEBUG_OUTPUT=PATH: the lines go to PATH.PID, as glibc's
 * LD_DEBUG_OUTPUT does, so that a program reading a child's stderr (cmake
 * reads uname's) is not disturbed.  Opened for each line: the runtime
 * keeps no descriptor, and each module has its own copy of it.
 */
static long rt_open_output(const char *path)
{
	char name[512];
	size_t n = 0;
	unsigned long pid = (unsigned long)rt_syscall3(SYS_getpid, 0, 0, 0);
	char digits[24];
	size_t d = sizeof(digits);

	while (path[n] && n < sizeof(name) - sizeof(digits) - 2)
		name[n] = path[n], n++;
	if (path[n])
		return -ENAMETOOLONG;
	name[n++] = '.';
	do
		digits[--d] = (char)('0' + pid % 10);
	while (pid /= 10);
	while (d < sizeof(digits))
		name[n++] = digits[d++];
	name[n] = 0;
	return rt_syscall6(SYS_openat, AT_FDCWD, (long)name,
			   O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644, 0, 0);
}

RT_COLD RT_FN void rt_emit(struct rt_line *l)
{
	long fd = 2;
	l->buf[l->len++] = '\n';
	if (l->to && rt_syscall_failed(fd = rt_open_output(l->to)))
		fd = 2; /* better on stderr than lost */
	rt_syscall3(SYS_write, fd, l->buf, l->len);
	if (fd != 2)
		rt_syscall3(SYS_close, fd, 0, 0);
}

RT_COLD RT_FN void rt_line_start(struct rt_line *l, const char *name)
{
	l->len = 0;
	l->to = 0;
	rt_put(l, "sealing: ");
	rt_put(l, name ? name : "(unknown module)");
	rt_put(l, ": ");
}

RT_COLD RT_FN void rt_warn(const struct rt_config *c, const char *name, const char *what)
{
	struct rt_line l;
	rt_line_start(&l, name);
	l.to = c ? c->debug_output : 0;
	rt_put(&l, what);
	rt_emit(&l);
}

/* ranges: 0 in a library's core, whose line leaves them to sealctl ps;
 * relro: how its RELRO was replaced. */
RT_COLD static void rt_report_line(const char *name, const struct rt_config *c,
				   const char *how, const struct rt_result *r,
				   const char *skipped, int ranges, const char *relro)
{
	struct rt_line l;

	rt_line_start(&l, name);
	l.to = c->debug_output;
	rt_put(&l, "policy ");
	rt_put_dec(&l, c->policy);
	if (how) {
		rt_put(&l, " (");
		rt_put(&l, how);
		rt_put(&l, ")");
	}
	if (r->by_loader) {
		rt_put(&l, ": sealed by the dynamic loader");
	} else if (skipped) {
		rt_put(&l, ": not sealed (");
		rt_put(&l, skipped);
		rt_put(&l, ")");
	} else if (!r->nsealed) {
		rt_put(&l, ": not sealed");
	} else {
		rt_put(&l, ": sealed");
		unsigned shown = r->nsealed < 4 ? r->nsealed : 4;
		for (unsigned i = 0; ranges && i < shown; i++) {
			rt_put(&l, " ");
			rt_put_range(&l, r->sealed[i]);
		}
		if (ranges && r->nsealed > shown)
			rt_put(&l, " ...");
	}
	if (r->relro.hi) {
		rt_put(&l, ", relro ");
		if (ranges) {
			rt_put_range(&l, r->relro);
			rt_put(&l, " ");
		}
		rt_put(&l, relro);
	}
	if (r->already_sealed)
		rt_put(&l, ", already sealed");
	if (r->mutable_range.hi) {
		rt_put(&l, ", mutable ");
		if (ranges) {
			rt_put_range(&l, r->mutable_range);
			rt_put(&l, " ");
		}
		rt_put(&l, "left open");
	}
	rt_put(&l, "; ");
	rt_put_dec(&l, r->calls);
	rt_put(&l, r->calls == 1 ? " syscall; " : " syscalls; ");
	if (r->err) {
		rt_put(&l, "failed: ");
		rt_put_errno(&l, r->err);
		if (ranges && r->err_range.hi) {
			rt_put(&l, " on ");
			rt_put_range(&l, r->err_range);
		}
		if (c->policy < SEALING_POLICY_ENFORCE)
			rt_put(&l, " (ignored under policy 1)");
	} else {
		rt_put(&l, "ok");
	}
	rt_emit(&l);
}

RT_COLD RT_FN void rt_report(const char *name, const struct rt_config *c,
			     const char *how, const struct rt_result *r,
			     const char *skipped)
{
	rt_report_line(name, c, how, r, skipped, 1,
		       r->relro_how ? r->relro_how : "made anonymous");
}

RT_COLD RT_FN void rt_report_brief(const char *name, const struct rt_config *c,
				   const char *how, const struct rt_result *r,
				   const char *skipped)
{
	rt_report_line(name, c, how, r, skipped, 0,
		       r->relro_how ? r->relro_how : "made anonymous");
}

RT_COLD RT_FN void rt_fatal(const char *name, const struct rt_result *r,
			    const char *what)
{
	struct rt_line l;
	rt_line_start(&l, name);
	rt_put(&l, r->relro_failed ? "cannot make RELRO anonymous" : what);
	if (r->err_range.hi) {
		rt_put(&l, " ");
		rt_put_range(&l, r->err_range);
	}
	rt_put(&l, ": ");
	rt_put_errno(&l, r->err);
	if (r->err == ENOSYS)
		rt_put(&l, ", mseal unavailable (Linux < 6.10, an emulator or a sandbox)");
	rt_put(&l, "; policy 2 terminates (override: SEALING_POLICY=1, or sealctl set-policy 1)");
	rt_emit(&l);
	for (;;)
		rt_syscall3(SYS_exit_group, 127, 0, 0);
}
