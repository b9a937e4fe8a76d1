//go:build !linux

package main

// growInputPipe is Linux's (inputpipe_linux.go); elsewhere the input stays
// as it is.
func growInputPipe() {}
