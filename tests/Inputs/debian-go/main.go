// SPDX-License-Identifier: MIT
// Counts the mappings of this program's own file and how many the kernel
// shows sealed; exits 0 only when all are (the Go twin of
// ../cmake-consumer/main.c).
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	exe, _ := os.Readlink("/proc/self/exe")
	f, _ := os.Open("/proc/self/smaps")
	s := bufio.NewScanner(f)
	mine, n, sealed := false, 0, 0
	for s.Scan() {
		l := s.Text()
		if strings.Contains(l, "-") && len(strings.Fields(l)) >= 5 && !strings.HasSuffix(strings.Fields(l)[0], ":") {
			mine = strings.HasSuffix(l, " "+exe)
			if mine {
				n++
			}
		} else if mine && strings.HasPrefix(l, "VmFlags:") && strings.Contains(l+" ", " sl ") {
			sealed++
		}
	}
	fmt.Printf("go-hello: sealed %d/%d\n", sealed, n)
	if n == 0 || sealed != n {
		os.Exit(1)
	}
}
