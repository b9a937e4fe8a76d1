//go:build !unix

package analysis

import "os"

// writable reports whether the file at path may be written: on Windows,
// whether its read-only attribute is clear (Go maps it to the write bits).
func writable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.Mode().Perm()&0o200 != 0
}
