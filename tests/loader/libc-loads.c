// SPDX-License-Identifier: MIT
// glibc loads gconv modules (iconv) and NSS modules (user and host
// lookups) with its own internal dlopen, which the interposed dlopen never
// sees: under the loader module they stayed open until the program's next
// dlopen.  Now the public entry points sweep after the real call, so the
// modules are sealed by the time the call returns.  (With an NSS
// configuration of "files" only, nothing is loaded for getpwnam: the NSS
// line then says "none".)
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cc -O2 %s %probe -o %t/prog
// RUN: env LD_PRELOAD=%loader %t/prog | FileCheck %s
// CHECK: iconv: ok
// CHECK-NEXT: gconv: [[N:[1-9][0-9]*]]/[[N]] mappings sealed
// CHECK-NOT: libnss_{{.*}}: unsealed
// CHECK: nss: {{none|all sealed}}
// Without the loader module, for comparison: open.
// RUN: %t/prog | FileCheck --check-prefix=PLAIN %s
// PLAIN: gconv: 0/{{[1-9][0-9]*}} mappings sealed
#define _GNU_SOURCE 1
#include <iconv.h>
#include <link.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "sealprobe.h"

static int nss_seen, nss_open;

static int nss_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	(void)data;
	if (info->dlpi_name && strstr(info->dlpi_name, "libnss_")) {
		nss_seen++;
		nss_open += probe_mapping(info->dlpi_name, (const void *)(info->dlpi_addr + info->dlpi_phdr[0].p_vaddr)) != 1;
	}
	return 0;
}

int main(void)
{
	iconv_t c = iconv_open("UTF-16", "ISO-8859-15");
	printf("iconv: %s\n", c == (iconv_t)-1 ? "failed" : "ok");
	probe_module_named("gconv", "/gconv/");
	getpwnam("sealing-no-such-user"); /* past "files", to the modules */
	dl_iterate_phdr(nss_cb, 0);
	printf("nss: %s\n", !nss_seen ? "none" : nss_open ? "some open" : "all sealed");
	return 0;
}
