package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"tdls/analysis"
	"tdls/tablegen"
	"tdls/toolchain"
)

// llvmStatus is the tdls/llvm notification: the user's LLVM as the server
// found it, for the editor's status item.
type llvmStatus struct {
	Found    bool   `json:"found"`
	Version  string `json:"version,omitempty"`
	Major    int    `json:"major,omitempty"`
	From     string `json:"from,omitempty"` // how it was read: "mlir-tblgen --version", ...
	Path     string `json:"path,omitempty"`
	Modelled int    `json:"modelled"`
	// Notice says which checks may disagree, when Major is not Modelled.
	Notice string `json:"notice,omitempty"`
}

// reportLLVM finds the user's LLVM (the configured mlir-tblgen, the build
// trees, the include directories, the machine's), logs it, sends it to the
// editor's status (tdls/llvm) and, once per release found in a session,
// shows which checks may disagree when it is not the modelled release.
// A newer LLVM makes what LLVM 22 lacks warnings (Policy.NewerLLVM): the
// files are checked again. Calls are serialised: the status shows the
// latest search.
func (s *Server) reportLLVM(ctx context.Context) {
	s.llvmMu.Lock()
	defer s.llvmMu.Unlock()
	s.mu.Lock()
	tool := s.settings.MLIRTblgen
	s.mu.Unlock()
	search := s.ws.Snapshot().LLVMSearch(toolchain.Tool{Path: tool, Origin: toolchain.FromUser, Via: "the mlirTblgen setting"})
	l, found := toolchain.Find(search)
	newer := found && l.Major > tablegen.LLVMRelease
	s.mu.Lock()
	changed := newer != s.newerLLVM
	s.newerLLVM = newer
	s.mu.Unlock()
	if changed {
		s.reconfigure()
	}
	st := llvmStatus{Found: found, Modelled: tablegen.LLVMRelease}
	if !found {
		s.log.Info("llvm", stringField("version", "not found"), intField("modelled", tablegen.LLVMRelease),
			stringsField("buildDirs", search.BuildDirs), stringsField("includeDirs", dirPaths(search.IncludeDirs)))
		s.notifyClient(ctx, "tdls/llvm", st)
		return
	}
	st.Version, st.Major, st.From, st.Path, st.Notice = l.Version, l.Major, l.From, l.Path, analysis.LLVMNotice(l)
	s.log.Info("llvm", stringField("version", l.Version), stringField("from", l.From), stringField("path", l.Path), intField("modelled", tablegen.LLVMRelease))
	s.notifyClient(ctx, "tdls/llvm", st)
	if st.Notice == "" || s.llvmShown[l.String()] {
		return
	}
	s.llvmShown[l.String()] = true
	s.log.Warn("llvm", stringField("notice", st.Notice))
	s.notifyClient(ctx, "window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: "tdls: " + st.Notice})
}

func dirPaths(dirs []toolchain.Dir) []string {
	paths := make([]string, len(dirs))
	for i, d := range dirs {
		paths[i] = d.Path
	}
	return paths
}
