package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// profiles are the profiles a command writes for performance work:
// --cpu-profile FILE for its whole run, --mem-profile FILE for the heap at
// its end (after a collection, so it shows what is still reachable, with
// every allocation of the run under alloc_space).
type profiles struct {
	cpu, mem string
	cpuFile  *os.File
}

func (p *profiles) options() []option {
	return []option{
		{names: []string{"cpu-profile"}, value: true, set: func(v string) error { p.cpu = v; return nil }},
		{names: []string{"mem-profile"}, value: true, set: func(v string) error { p.mem = v; return nil }},
	}
}

// start begins the CPU profile, if one is asked for, and the sampling of
// allocations for the heap profile if noAllocationSampling stopped it.
func (p *profiles) start() error {
	if p.mem != "" && runtime.MemProfileRate == 0 && !godebugSets("memprofilerate") {
		runtime.MemProfileRate = 512 << 10 // Go's default
	}
	if p.cpu == "" {
		return nil
	}
	f, err := os.Create(p.cpu)
	if err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return err
	}
	p.cpuFile = f
	return nil
}

// stop ends the CPU profile and writes the heap profile; it may be called
// more than once (the server stops on a signal too).
func (p *profiles) stop() error {
	if p.cpuFile != nil {
		pprof.StopCPUProfile()
		p.cpuFile.Close()
		p.cpuFile = nil
	}
	if p.mem == "" {
		return nil
	}
	f, err := os.Create(p.mem)
	if err != nil {
		return err
	}
	defer f.Close()
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		return fmt.Errorf("writing %s: %v", p.mem, err)
	}
	p.mem = ""
	return nil
}
