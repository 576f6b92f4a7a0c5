/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "checker.h"

#include "diag.h"
#include "walk.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>

struct run {
	const struct sealctl_checker *c;
	void *ctx;
	int failed;
};

static int visit(struct sealctl_object *o, void *arg)
{
	struct run *r = arg;
	return r->c->object ? r->c->object(r->ctx, o) : 0;
}

static void end(struct run *r, const struct sealctl_file *f)
{
	if (r->c->file_end && r->c->file_end(r->ctx, f))
		r->failed = 1;
}

static void read_file(struct run *r, const char *path)
{
	char err[SEALCTL_ERRLEN];
	struct sealctl_file f = { .path = path, .why = err };

	if (r->c->file_begin)
		r->c->file_begin(r->ctx, path);
	switch (sealctl_scan(path, visit, r, &f.info, err)) {
	case SEALCTL_SCAN_OK:
		f.result = SEALCTL_FILE_READ;
		f.why = NULL;
		break;
	case SEALCTL_SCAN_NOT_ELF:
		f.result = SEALCTL_FILE_SKIPPED;
		break;
	case SEALCTL_SCAN_ERROR:
		f.result = SEALCTL_FILE_ERROR;
		break;
	}
	end(r, &f);
}

static void on_walk(enum walk_event ev, const char *path, const char *msg, void *arg)
{
	struct run *r = arg;
	struct sealctl_file f = { .path = path, .why = msg };

	switch (ev) {
	case WALK_FILE:
		read_file(r, path);
		return;
	case WALK_DUPLICATE:
	case WALK_SPECIAL:
		f.result = SEALCTL_FILE_SKIPPED;
		break;
	case WALK_ERROR:
		f.result = SEALCTL_FILE_ERROR;
		break;
	}
	end(r, &f);
}

static int parse_pid(const char *s, int *pid)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end || v <= 0 || v > INT_MAX)
		return -1;
	*pid = (int)v;
	return 0;
}

static int run_pids(struct run *r, int i, int argc, char **argv)
{
	int pid;

	for (int k = i; k < argc; k++)
		if (parse_pid(argv[k], &pid)) {
			sealctl_usage_error(r->c->command.name, "not a process ID: '%s'", argv[k]);
			return SEALCTL_EXIT_USAGE;
		}
	int rc = r->c->start ? r->c->start(r->ctx) : -1;
	if (rc >= 0)
		return rc;
	for (; i < argc; i++) {
		parse_pid(argv[i], &pid);
		if (r->c->process(r->ctx, pid))
			r->failed = 1;
	}
	return -1;
}

/* Files and trees. */
static int run_files(struct run *r, int i, int argc, char **argv)
{
	struct walk walk;
	int trees = r->c->operands == SEALCTL_TREES;

	if (trees && walk_init(&walk, on_walk, r)) {
		sealctl_error(r->c->command.name, "out of memory");
		return SEALCTL_EXIT_FAIL;
	}
	int rc = r->c->start ? r->c->start(r->ctx) : -1;
	for (; rc < 0 && i < argc; i++) {
		if (trees)
			walk_path(&walk, argv[i]);
		else
			read_file(r, argv[i]);
	}
	if (trees)
		walk_fini(&walk);
	return rc;
}

int sealctl_run(const struct sealctl_checker *c, void *ctx, int argc, char **argv)
{
	struct run r = { .c = c, .ctx = ctx };
	int i;
	int rc = sealctl_options(&c->command, argc, argv, ctx, &i);

	if (rc >= 0)
		return rc;
	if (c->leading && (rc = c->leading(ctx, argc, argv, &i)) >= 0)
		return rc;
	if (sealctl_operand(c->command.name, i, argc, c->operand))
		return SEALCTL_EXIT_USAGE;
	rc = c->operands == SEALCTL_PIDS ? run_pids(&r, i, argc, argv)
					 : run_files(&r, i, argc, argv);
	if (rc >= 0)
		return rc;
	if (c->finish)
		return c->finish(ctx, r.failed);
	return r.failed ? SEALCTL_EXIT_FAIL : SEALCTL_EXIT_OK;
}
