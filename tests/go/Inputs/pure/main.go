// SPDX-License-Identifier: MIT
// A Go program without cgo that checks its own sealing with nothing but
// the standard library: the kernel's "sl" flag on every mapping of its
// own file in /proc/self/smaps, and mprotect on its own text.
package main

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"syscall"
	"unsafe"
)

func main() {
	exe, _ := os.Readlink("/proc/self/exe")
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		panic(err)
	}
	mine, total, sealed := false, 0, 0
	for _, line := range strings.Split(string(smaps), "\n") {
		f := strings.Fields(line)
		if strings.HasPrefix(line, "VmFlags:") {
			if mine {
				total++
				for _, flag := range f[1:] {
					if flag == "sl" {
						sealed++
					}
				}
			}
		} else if len(f) >= 5 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			// "lo-hi perms offset dev inode [path]": a new mapping.
			mine = len(f) >= 6 && f[5] == exe
		}
	}
	fmt.Printf("exe: %d/%d mappings sealed\n", sealed, total)
	// The same protection again: harmless, unless the page is sealed.
	page := reflect.ValueOf(main).Pointer() &^ 4095
	err = syscall.Mprotect(unsafe.Slice((*byte)(unsafe.Pointer(page)), 4096),
		syscall.PROT_READ|syscall.PROT_EXEC)
	result := "ok"
	if err == syscall.EPERM {
		result = "EPERM"
	} else if err != nil {
		result = err.Error()
	}
	fmt.Printf("text: mprotect=%s\n", result)
}
