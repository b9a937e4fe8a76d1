package tablegen

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// MaxSourceSize bounds the files read as TableGen. MLIR's largest .td file
// is well under a megabyte; a file past this is generated data or a
// mistake, and reading it could take the machine's memory.
const MaxSourceSize = 64 << 20

// ErrNotFile and ErrTooLarge classify what ReadRegularFile refuses.
var (
	ErrNotFile  = errors.New("not a regular file")
	ErrTooLarge = errors.New("larger than the size limit")
)

// SourceFileError reports a path that is not read as a source file.
type SourceFileError struct {
	Path  string
	What  string // "a directory", "a named pipe", ...; or the size
	Err   error  // ErrNotFile or ErrTooLarge
	Limit int64  // with ErrTooLarge
}

// TooLarge returns the error for a file of size bytes, past limit.
func TooLarge(path string, size, limit int64) *SourceFileError {
	return &SourceFileError{Path: path, What: Megabytes(size), Err: ErrTooLarge, Limit: limit}
}

func (e *SourceFileError) Error() string {
	if e.Err == ErrTooLarge {
		return fmt.Sprintf("'%s' is %s, larger than the limit of %s", e.Path, e.What, Megabytes(e.Limit))
	}
	return fmt.Sprintf("'%s' is %s, not a regular file", e.Path, e.What)
}

func (e *SourceFileError) Unwrap() error { return e.Err }

// ReadRegularFile reads a file that is to be parsed: a regular file of at
// most MaxSourceSize bytes. A directory, a named pipe, a socket or a device
// (/dev/stdin, /dev/zero) is refused without reading from it, so that a
// file name in a source file can neither block the reader nor make it read
// without end.
func ReadRegularFile(path string) ([]byte, error) {
	if _, err := StatSourceFile(path); err != nil {
		return nil, err
	}
	// Non-blocking, in case the path was replaced by a pipe since the stat:
	// opening a pipe for reading would wait for a writer.
	return readOpened(path, os.O_RDONLY|syscall.O_NONBLOCK, checkSourceFile)
}

// StatSourceFile stats path as ReadRegularFile would read it: an error for
// what it refuses.
func StatSourceFile(path string) (fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return st, checkSourceFile(path, st)
}

// ReadInputFile reads a file named on the command line: the user asked for
// it, so a pipe or a device is read too (/dev/stdin, a process
// substitution), but no more than MaxSourceSize bytes.
func ReadInputFile(path string) ([]byte, error) {
	return readOpened(path, os.O_RDONLY, func(path string, st fs.FileInfo) error {
		if st.IsDir() {
			return &SourceFileError{Path: path, What: "a directory", Err: ErrNotFile}
		}
		return nil
	})
}

// readOpened opens path, lets check refuse what the open file is, and
// reads it within MaxSourceSize.
func readOpened(path string, flag int, check func(string, fs.FileInfo) error) ([]byte, error) {
	f, err := os.OpenFile(path, flag, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := check(path, st); err != nil {
		return nil, err
	}
	size := int64(0)
	if st.Mode().IsRegular() {
		size = st.Size()
	}
	return readLimited(path, f, size)
}

// checkSourceFile refuses what is not a regular file or is too large.
func checkSourceFile(path string, st fs.FileInfo) error {
	m := st.Mode()
	if !m.IsRegular() {
		return &SourceFileError{Path: path, What: fileKind(m), Err: ErrNotFile}
	}
	if st.Size() > MaxSourceSize {
		return TooLarge(path, st.Size(), MaxSourceSize)
	}
	return nil
}

func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "a special file"
}

// Megabytes formats a size for messages.
func Megabytes(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// readLimited reads r to its end, failing once it passes MaxSourceSize (a
// file that grows while read, or a device). size is the expected size, to
// allocate once.
func readLimited(path string, r io.Reader, size int64) ([]byte, error) {
	buf := make([]byte, 0, min(size, MaxSourceSize)+1)
	for {
		if int64(len(buf)) > MaxSourceSize {
			return nil, &SourceFileError{Path: path, What: "more than " + Megabytes(MaxSourceSize), Err: ErrTooLarge, Limit: MaxSourceSize}
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
