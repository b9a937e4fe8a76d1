package codegen

import "encoding/binary"

// stdHash is libstdc++'s std::hash<std::string> on 64-bit targets:
// std::_Hash_bytes (a MurmurHash64A variant) with seed 0xc70f6907.
func stdHash(s string) uint64 {
	const mul = uint64(0xc6a4a793)<<32 + 0x5bd1e995
	shiftMix := func(v uint64) uint64 { return v ^ v>>47 }
	n := len(s)
	hash := uint64(0xc70f6907) ^ uint64(n)*mul
	aligned := n &^ 7
	for p := 0; p < aligned; p += 8 {
		data := shiftMix(binary.LittleEndian.Uint64([]byte(s[p:p+8]))*mul) * mul
		hash ^= data
		hash *= mul
	}
	if rest := n & 7; rest != 0 {
		var data uint64
		for i := rest - 1; i >= 0; i-- {
			data = data<<8 + uint64(s[aligned+i])
		}
		hash ^= data
		hash *= mul
	}
	hash = shiftMix(hash) * mul
	return shiftMix(hash)
}

// primes is the start of libstdc++'s __prime_list (64-bit), enough for any
// symbol table a pattern can have.
var primes = []uint64{
	2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
	73, 79, 83, 89, 97, 103, 109, 113, 127, 137, 139, 149, 157, 167, 179, 193,
	199, 211, 227, 241, 257, 277, 293, 313, 337, 359, 383, 409, 439, 467, 503,
	541, 577, 619, 661, 709, 761, 823, 887, 953, 1031, 1109, 1187, 1277, 1361,
	1451, 1543, 1657, 1777, 1901, 2039, 2179, 2333, 2521, 2687, 2851, 3049,
	3253, 3463, 3691, 3929, 4201, 4481, 4783, 5101, 5449, 5801, 6197, 6599,
	7039, 7499, 7993, 8513, 9067, 9689, 10331,
}

// fastBuckets is _Prime_rehash_policy's table for small bucket hints.
var fastBuckets = [...]uint64{2, 2, 2, 3, 5, 5, 7, 7, 11, 11, 11, 11, 13, 13}

// hashNode is one element of a multimap: a key, its cached hash and value.
type hashNode[V any] struct {
	key  string
	code uint64
	val  V
	next *hashNode[V]
}

// multimap reproduces the iteration order of libstdc++'s
// std::unordered_multimap<std::string, V> (GCC 12 and later): one singly
// linked list threaded through prime-sized buckets, a bucket pointing at the
// node before its first element, new keys at the front of their bucket, an
// equal key after the first equal element while the table is small (the
// linear-scan path for at most 20 elements) and before it otherwise.
type multimap[V any] struct {
	before     hashNode[V] // before-begin sentinel; before.next is begin
	buckets    []*hashNode[V]
	count      int
	nextResize uint64
}

const smallSizeThreshold = 20

func (m *multimap[V]) bucketOf(code uint64) int { return int(code % uint64(len(m.buckets))) }

// nextBucketCount is _Prime_rehash_policy::_M_next_bkt.
func (m *multimap[V]) nextBucketCount(n uint64) uint64 {
	if n < uint64(len(fastBuckets)) {
		if n == 0 {
			return 1
		}
		m.nextResize = fastBuckets[n]
		return fastBuckets[n]
	}
	for _, p := range primes[6:] {
		if p >= n {
			m.nextResize = p
			return p
		}
	}
	panic("codegen: symbol table too large")
}

// needRehash is _Prime_rehash_policy::_M_need_rehash for one insertion
// (max load factor 1).
func (m *multimap[V]) needRehash() (bool, uint64) {
	nBkt, nElt := uint64(len(m.buckets)), uint64(m.count)
	if nBkt == 0 {
		nBkt = 1 // the single initial bucket
	}
	if nElt+1 <= m.nextResize {
		return false, 0
	}
	minBkts := nElt + 1
	if m.nextResize == 0 && minBkts < 11 {
		minBkts = 11
	}
	if minBkts >= nBkt {
		want := minBkts + 1
		if g := nBkt * 2; g > want {
			want = g
		}
		return true, m.nextBucketCount(want)
	}
	m.nextResize = nBkt
	return false, 0
}

// rehash is _Hashtable::_M_rehash_aux for non-unique keys.
func (m *multimap[V]) rehash(n uint64) {
	nb := make([]*hashNode[V], n)
	p := m.before.next
	m.before.next = nil
	bbegin := 0
	var prev *hashNode[V]
	prevBkt := 0
	checkBucket := false
	for p != nil {
		next := p.next
		bkt := int(p.code % n)
		if prev != nil && prevBkt == bkt {
			p.next = prev.next
			prev.next = p
			checkBucket = true
		} else {
			if checkBucket {
				if prev.next != nil {
					if nbkt := int(prev.next.code % n); nbkt != prevBkt {
						nb[nbkt] = prev
					}
				}
				checkBucket = false
			}
			if nb[bkt] == nil {
				p.next = m.before.next
				m.before.next = p
				nb[bkt] = &m.before
				if p.next != nil {
					nb[bbegin] = p
				}
				bbegin = bkt
			} else {
				p.next = nb[bkt].next
				nb[bkt].next = p
			}
		}
		prev = p
		prevBkt = bkt
		p = next
	}
	m.buckets = nb
}

// findBefore is _M_find_before_node: the node before the first element of
// bucket bkt whose key is key, or nil.
func (m *multimap[V]) findBefore(bkt int, key string, code uint64) *hashNode[V] {
	prev := m.buckets[bkt]
	if prev == nil {
		return nil
	}
	for p := prev.next; ; p = p.next {
		if p.code == code && p.key == key {
			return prev
		}
		if p.next == nil || m.bucketOf(p.next.code) != bkt {
			return nil
		}
		prev = p
	}
}

// insert is emplace on an unordered_multimap.
func (m *multimap[V]) insert(key string, val V) {
	node := &hashNode[V]{key: key, val: val}
	// _M_compute_hash_code: a small table looks for an equal key by a
	// linear scan and uses it as the insertion hint.
	var hint *hashNode[V]
	if m.count <= smallSizeThreshold {
		for p := m.before.next; p != nil; p = p.next {
			if p.key == key {
				hint = p
				break
			}
		}
	}
	node.code = stdHash(key)
	if ok, n := m.needRehash(); ok {
		m.rehash(n)
	}
	bkt := m.bucketOf(node.code)
	prev := hint
	if prev == nil {
		prev = m.findBefore(bkt, key, node.code)
	}
	if prev != nil {
		node.next = prev.next
		prev.next = node
		if prev == hint && node.next != nil && node.next.key != key {
			if nbkt := m.bucketOf(node.next.code); nbkt != bkt {
				m.buckets[nbkt] = node
			}
		}
	} else if m.buckets[bkt] != nil {
		node.next = m.buckets[bkt].next
		m.buckets[bkt].next = node
	} else {
		node.next = m.before.next
		m.before.next = node
		if node.next != nil {
			m.buckets[m.bucketOf(node.next.code)] = node
		}
		m.buckets[bkt] = &m.before
	}
	m.count++
}

// find returns the first element with key, or nil.
func (m *multimap[V]) find(key string) *hashNode[V] {
	for p := m.before.next; p != nil; p = p.next {
		if p.key == key {
			return p
		}
	}
	return nil
}

// equalRange returns the elements with key, in iteration order.
func (m *multimap[V]) equalRange(key string) []*hashNode[V] {
	var out []*hashNode[V]
	for p := m.find(key); p != nil && p.key == key; p = p.next {
		out = append(out, p)
	}
	return out
}

func (m *multimap[V]) countKey(key string) int { return len(m.equalRange(key)) }

// each calls f on every element in iteration order.
func (m *multimap[V]) each(f func(n *hashNode[V])) {
	for p := m.before.next; p != nil; p = p.next {
		f(p)
	}
}
