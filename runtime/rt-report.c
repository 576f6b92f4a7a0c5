/* SPDX-License-Identifier: MIT */
/*
 * One-line messages without stdio or allocation: a fixed buffer, filled
 * left to right, truncated rather than overflowed, written with one
 * write(2) so lines from concurrent dlopens do not interleave.
 */

struct rt_line {
	char buf[512];
	size_t len;
};

static void rt_put(struct rt_line *l, const char *s)
{
	while (s && *s && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = *s++;
}

static void rt_put_hex(struct rt_line *l, uintptr_t v)
{
	char tmp[2 + 2 * sizeof(v)];
	size_t n = sizeof(tmp);
	do {
		tmp[--n] = "0123456789abcdef"[v & 0xf];
		v >>= 4;
	} while (v);
	tmp[--n] = 'x';
	tmp[--n] = '0';
	while (n < sizeof(tmp) && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = tmp[n++];
}

static void rt_put_dec(struct rt_line *l, unsigned long v)
{
	char tmp[24];
	size_t n = sizeof(tmp);
	do {
		tmp[--n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n < sizeof(tmp) && l->len < sizeof(l->buf) - 1)
		l->buf[l->len++] = tmp[n++];
}

static void rt_put_range(struct rt_line *l, uintptr_t lo, uintptr_t hi)
{
	rt_put_hex(l, lo);
	rt_put(l, "-");
	rt_put_hex(l, hi);
}

/* Symbolic names for the errors mseal and friends can return. */
static const char *rt_errno_name(long err)
{
	switch (err) {
	case EPERM: return "EPERM";
	case ENOMEM: return "ENOMEM";
	case EINVAL: return "EINVAL";
	case ENOSYS: return "ENOSYS";
	case EACCES: return "EACCES";
	case EAGAIN: return "EAGAIN";
	case EFAULT: return "EFAULT";
	default: return "error";
	}
}

static void rt_put_errno(struct rt_line *l, long err)
{
	rt_put(l, rt_errno_name(err));
	rt_put(l, " (errno ");
	rt_put_dec(l, (unsigned long)err);
	rt_put(l, ")");
}

static void rt_emit(struct rt_line *l)
{
	l->buf[l->len++] = '\n';
	rt_syscall3(SYS_write, 2, l->buf, l->len);
}
