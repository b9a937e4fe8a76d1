//go:build unix

package analysis

import "syscall"

// writable reports whether this process may write the file at path.
func writable(path string) bool {
	return syscall.Access(path, 2 /* W_OK */) == nil
}
