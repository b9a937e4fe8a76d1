package tablegen

import "unsafe"

// Recycling a streamed statement's nodes. A consumer that evaluates each
// statement and keeps nothing of it (tdls check) would otherwise leave every
// statement's syntax tree behind as garbage, and with the collector off in a
// one-shot command every node would land on a fresh page of memory: the
// kernel maps a page at its first touch, which costs more than building the
// nodes on it. A streaming parser instead takes its nodes from typed slabs,
// and UnitStream.Recycle hands the nodes of the statement just returned
// back, so the next statement is built on the same, already mapped, memory.
//
// The slabs are typed (one per node type) so that the collector, when it
// runs, sees every pointer a node holds. A parse that is not streamed does
// not use them: its nodes are allocated one by one, so that a tree the
// language server keeps for a while frees each node as soon as no snapshot
// holds it.

// slab hands out nodes of one type from chunks it allocates. The zero slab
// is off: alloc returns new(T).
type slab[T any] struct {
	chunks [][]T
	max    int // the length of the largest chunk; 0 when off
	c, n   int // the chunk being filled and the nodes taken from it
	// keptC, keptN are the first node not kept: recycle rewinds to it.
	keptC, keptN int
	// arena lists the slabs used since the last keep, used says this one
	// is among them: a statement uses a few of the many slabs, and keep
	// and recycle visit only those.
	arena *nodeArena
	used  bool
}

// slabBytes bounds a chunk: small enough that a statement's few nodes of a
// rare type touch little memory, large enough that a chunk holds many nodes
// of the common ones.
const slabBytes = 8 << 10

func (s *slab[T]) on(a *nodeArena) {
	s.max = max(slabBytes/int(unsafe.Sizeof(*new(T))), 16)
	s.arena = a
}

// alloc returns a zeroed node.
func alloc[T any](s *slab[T]) *T {
	if s.max == 0 {
		return new(T)
	}
	if !s.used {
		s.used = true
		s.arena.used = append(s.arena.used, s)
	}
	if s.c == len(s.chunks) || s.n == len(s.chunks[s.c]) {
		s.nextChunk()
	}
	x := &s.chunks[s.c][s.n]
	s.n++
	return x
}

// nextChunk moves to the next chunk, allocating one twice the size of the
// last (up to max) when there is none.
func (s *slab[T]) nextChunk() {
	if s.c < len(s.chunks) && s.n > 0 {
		s.c++
	}
	s.n = 0
	if s.c == len(s.chunks) {
		size := 16
		if k := len(s.chunks); k > 0 {
			size = min(2*len(s.chunks[k-1]), s.max)
		}
		s.chunks = append(s.chunks, make([]T, size))
	}
}

// keep marks every node handed out so far as kept: recycle never reuses
// them. The chunks wholly kept are dropped from the slab (the nodes in them
// live as long as their owner holds them).
func (s *slab[T]) keep() {
	s.used = false
	if s.c > 0 {
		s.chunks = append(s.chunks[:0], s.chunks[s.c:]...)
		s.c = 0
	}
	s.keptC, s.keptN = s.c, s.n
}

// recycle zeroes the nodes handed out since keep and takes them back.
func (s *slab[T]) recycle() {
	s.used = false
	for c := s.keptC; c <= s.c && c < len(s.chunks); c++ {
		from, to := 0, len(s.chunks[c])
		if c == s.keptC {
			from = s.keptN
		}
		if c == s.c {
			to = s.n
		}
		if from < to {
			clear(s.chunks[c][from:to])
		}
	}
	s.c, s.n = s.keptC, s.keptN
}

type recycler interface {
	on(*nodeArena)
	keep()
	recycle()
}

// nodeArena is a streaming parser's slabs, one per node type the descent
// makes. Its zero value is off.
type nodeArena struct {
	used []recycler // since the last keep

	statements slab[Statement]
	blocks     slab[Block]
	lets       slab[Let]
	foreachs   slab[Foreach]
	ifs        slab[If]
	multis     slab[MultiClass]
	defsets    slab[Defset]

	idents         slab[Ident]
	classes        slab[Class]
	templateArgs   slab[TemplateArg]
	classRefs      slab[ClassRef]
	args           slab[Arg]
	bodies         slab[Body]
	bodyItems      slab[BodyItem]
	fields         slab[FieldDecl]
	bodyLets       slab[BodyLet]
	rangePieces    slab[RangePiece]
	defs           slab[Def]
	defms          slab[Defm]
	deftypes       slab[Deftype]
	defvars        slab[Defvar]
	dumps          slab[Dump]
	asserts        slab[Assert]
	letHeaders     slab[LetHeader]
	letItems       slab[LetItem]
	foreachHeads   slab[ForeachHeader]
	ifHeaders      slab[IfHeader]
	multiHeaders   slab[MultiClassHeader]
	defsetHeads    slab[DefsetHeader]
	types          slab[Type]
	values         slab[valueNodes]
	operands       slab[operandNodes]
	pastes         slab[Paste]
	pasteLists     slab[PasteList]
	suffixes       slab[Suffix]
	sliceElems     slab[SliceElem]
	nameValues     slab[NameValue]
	namePastes     slab[NamePaste]
	namePasteLists slab[NamePasteList]
	nameOperands   slab[nameOperandNodes]
	nameSuffixes   slab[NameSuffix]
	strings        slab[AdjacentStrings]
	bitsInits      slab[BitsInit]
	listInits      slab[ListInit]
	dagInits       slab[DagInit]
	dagArgs        slab[DagArg]
	varNames       slab[VarName]
	bangOps        slab[BangOp]
	bangArgs       slab[BangArg]
	classInsts     slab[ClassInst]
}

// on turns the slabs on.
func (a *nodeArena) on() {
	all := []recycler{
		&a.statements, &a.blocks, &a.lets, &a.foreachs, &a.ifs, &a.multis, &a.defsets,
		&a.idents, &a.classes, &a.templateArgs, &a.classRefs, &a.args, &a.bodies,
		&a.bodyItems, &a.fields, &a.bodyLets, &a.rangePieces, &a.defs, &a.defms,
		&a.deftypes, &a.defvars, &a.dumps, &a.asserts, &a.letHeaders, &a.letItems,
		&a.foreachHeads, &a.ifHeaders, &a.multiHeaders, &a.defsetHeads, &a.types,
		&a.values, &a.operands, &a.pastes, &a.pasteLists, &a.suffixes, &a.sliceElems,
		&a.nameValues, &a.namePastes, &a.namePasteLists, &a.nameOperands, &a.nameSuffixes, &a.strings,
		&a.bitsInits, &a.listInits, &a.dagInits, &a.dagArgs, &a.varNames, &a.bangOps,
		&a.bangArgs, &a.classInsts,
	}
	for _, s := range all {
		s.on(a)
	}
}

func (a *nodeArena) keep() {
	for _, s := range a.used {
		s.keep()
	}
	a.used = a.used[:0]
}

func (a *nodeArena) recycle() {
	for _, s := range a.used {
		s.recycle()
	}
	a.used = a.used[:0]
}
