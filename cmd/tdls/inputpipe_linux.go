//go:build linux

package main

import "syscall"

// setPipeSize is Linux's F_SETPIPE_SZ (fcntl.h), which package syscall does
// not name.
const setPipeSize = 1031

// growInputPipe enlarges the pipe the client writes to, when the server's
// standard input is one. With full-document sync every keystroke sends the
// whole file, and a message larger than a pipe's default 64 KiB passes in
// rounds, each waiting for the server to read and the client to be woken
// again. The system caps the size (/proc/sys/fs/pipe-max-size, 1 MiB by
// default); on a socket, or when refused, the input stays as it was.
func growInputPipe() {
	syscall.Syscall(syscall.SYS_FCNTL, uintptr(syscall.Stdin), setPipeSize, 1<<20)
}
