// SPDX-License-Identifier: MIT
// A cgo program that works its runtime hard (goroutines, garbage
// collection, stack growth, returning memory to the system, cgo calls)
// and then asks the kernel what is sealed, through sealprobe (probe.c).
// Nothing of its own image may be touched by the Go runtime after
// sealing: the test also checks that under strace, with -noprobe, which
// leaves out the probes' own (refused) attempts.
package main

/*
#cgo CFLAGS: -I${SRCDIR}/../../../helpers -I${SRCDIR}/../../../../common
#include <stdio.h>
#include <stdlib.h>
#include "sealprobe.h"

static int twice(int x) { return 2 * x; }
static const char rodata[] = "read-only";
static int data = 42;
static const void *rodata_addr(void) { return rodata; }
static const void *data_addr(void) { return &data; }
static const void *text_addr(void) { return (const void *)twice; }
*/
import "C"

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"unsafe"
)

func deep(n int) int {
	var pad [256]byte
	if n == 0 {
		return int(pad[0])
	}
	return deep(n-1) + 1
}

func probe(label string, f func(*C.char)) {
	s := C.CString(label)
	f(s)
	C.free(unsafe.Pointer(s))
	C.fflush(nil)
}

func main() {
	var keep [][]byte
	for i := 0; i < 512; i++ {
		keep = append(keep, make([]byte, 64<<10))
	}
	done := make(chan int)
	for i := 0; i < 64; i++ {
		go func(i int) { done <- int(C.twice(C.int(i))) + deep(1000) - 1000 }(i)
	}
	sum := 0
	for i := 0; i < 64; i++ {
		sum += <-done
	}
	keep = nil
	runtime.GC()
	debug.FreeOSMemory()

	if len(os.Args) > 1 && os.Args[1] == "-noprobe" {
		fmt.Printf("go main ran: %d goroutines, sum %d\n", 64, sum)
		return
	}
	probe("exe", func(s *C.char) { C.probe_module(s, C.text_addr()) })
	probe("text", func(s *C.char) { C.probe_ops(s, C.text_addr()) })
	probe("rodata", func(s *C.char) { C.probe_ops(s, C.rodata_addr()) })
	probe("data", func(s *C.char) { C.probe_ops(s, C.data_addr()) })
	probe("libc", func(s *C.char) { C.probe_module_named(s, C.CString("libc.so")) })
	fmt.Printf("go main ran: %d goroutines, sum %d\n", 64, sum)
}
