// SPDX-License-Identifier: MIT
// A Go c-shared library: GoWork allocates, collects garbage and runs
// goroutines inside the sealed library, then returns a + b.
package main

import "C"

import "runtime"

//export GoWork
func GoWork(a, b C.int) C.int {
	done := make(chan []byte)
	for i := 0; i < 16; i++ {
		go func() { done <- make([]byte, 256<<10) }()
	}
	n := 0
	for i := 0; i < 16; i++ {
		n += len(<-done)
	}
	runtime.GC()
	return a + b + C.int(n/(16*256<<10)) - 1
}

func main() {}
