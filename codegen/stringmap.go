package codegen

import (
	"encoding/binary"
	"math/bits"
)

// The iteration order of an llvm::StringMap, which decides the order of
// what mlir-tblgen emits from one (the getEffects methods of an op with
// several side-effect interfaces): keys sit in an open-addressing table of
// a power-of-two size, at the low bits of the 32-bit truncation of their
// xxh3 hash, probed quadratically; the table starts at 16 buckets and
// doubles when three quarters are full.

// stringMapOrder orders distinct keys, given in insertion order, as a
// StringMap iterates them.
func stringMapOrder(keys []string) []string {
	if len(keys) < 2 {
		return keys
	}
	type entry struct {
		key  string
		hash uint32
	}
	size := 16
	table := make([]*entry, size)
	place := func(t []*entry, e *entry) {
		mask := len(t) - 1
		b, probe := int(e.hash)&mask, 1
		for t[b] != nil {
			b = (b + probe) & mask
			probe++
		}
		t[b] = e
	}
	for n, k := range keys {
		place(table, &entry{key: k, hash: uint32(xxh3(k))})
		if (n+1)*4 > size*3 {
			size *= 2
			grown := make([]*entry, size)
			for _, e := range table {
				if e != nil {
					place(grown, e)
				}
			}
			table = grown
		}
	}
	out := make([]string, 0, len(keys))
	for _, e := range table {
		if e != nil {
			out = append(out, e.key)
		}
	}
	return out
}

// xxh3Secret is XXH3's default secret.
var xxh3Secret = [192]byte{
	0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
	0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
	0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
	0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
	0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
	0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
	0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
	0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
	0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
	0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
	0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
	0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
}

const (
	xxPrime32_1 = 0x9E3779B1
	xxPrime32_2 = 0x85EBCA77
	xxPrime32_3 = 0xC2B2AE3D
	xxPrime64_1 = 11400714785074694791
	xxPrime64_2 = 14029467366897019727
	xxPrime64_3 = 1609587929392839161
	xxPrime64_4 = 9650029242287828579
	xxPrime64_5 = 2870177450012600261
	xxPrimeMx1  = 0x165667919E3779F9
	xxPrimeMx2  = 0x9FB21C651E98DF25
)

func le64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }
func le32(b []byte) uint32 { return binary.LittleEndian.Uint32(b) }

func mulFold64(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	return hi ^ lo
}

func xxh64Avalanche(h uint64) uint64 {
	h ^= h >> 33
	h *= xxPrime64_2
	h ^= h >> 29
	h *= xxPrime64_3
	h ^= h >> 32
	return h
}

func xxh3Avalanche(h uint64) uint64 {
	h ^= h >> 37
	h *= xxPrimeMx1
	h ^= h >> 32
	return h
}

func xxh3Mix16(in, secret []byte) uint64 {
	return mulFold64(le64(in)^le64(secret), le64(in[8:])^le64(secret[8:]))
}

// xxh3 is XXH3's 64-bit hash with seed 0 (llvm::xxh3_64bits).
func xxh3(s string) uint64 {
	in, sec := []byte(s), xxh3Secret[:]
	n := len(in)
	switch {
	case n == 0:
		return xxh64Avalanche(le64(sec[56:]) ^ le64(sec[64:]))
	case n <= 3:
		combined := uint32(in[0])<<16 | uint32(in[n>>1])<<24 | uint32(in[n-1]) | uint32(n)<<8
		return xxh64Avalanche(uint64(combined) ^ uint64(le32(sec)^le32(sec[4:])))
	case n <= 8:
		acc := (le64(sec[8:]) ^ le64(sec[16:])) ^ (uint64(le32(in[n-4:])) | uint64(le32(in))<<32)
		acc ^= bits.RotateLeft64(acc, 49) ^ bits.RotateLeft64(acc, 24)
		acc *= xxPrimeMx2
		acc ^= (acc >> 35) + uint64(n)
		acc *= xxPrimeMx2
		return acc ^ (acc >> 28)
	case n <= 16:
		lo := (le64(sec[24:]) ^ le64(sec[32:])) ^ le64(in)
		hi := (le64(sec[40:]) ^ le64(sec[48:])) ^ le64(in[n-8:])
		return xxh3Avalanche(uint64(n) + bits.ReverseBytes64(lo) + hi + mulFold64(lo, hi))
	case n <= 128:
		acc := uint64(n) * xxPrime64_1
		end := xxh3Mix16(in[n-16:], sec[16:])
		acc += xxh3Mix16(in, sec)
		if n > 32 {
			acc += xxh3Mix16(in[16:], sec[32:])
			end += xxh3Mix16(in[n-32:], sec[48:])
			if n > 64 {
				acc += xxh3Mix16(in[32:], sec[64:])
				end += xxh3Mix16(in[n-48:], sec[80:])
				if n > 96 {
					acc += xxh3Mix16(in[48:], sec[96:])
					end += xxh3Mix16(in[n-64:], sec[112:])
				}
			}
		}
		return xxh3Avalanche(acc + end)
	case n <= 240:
		acc := uint64(n) * xxPrime64_1
		for i := 0; i < 8; i++ {
			acc += xxh3Mix16(in[16*i:], sec[16*i:])
		}
		acc = xxh3Avalanche(acc)
		for i := 8; i < n/16; i++ {
			acc += xxh3Mix16(in[16*i:], sec[16*(i-8)+3:])
		}
		acc += xxh3Mix16(in[n-16:], sec[136-17:])
		return xxh3Avalanche(acc)
	}
	return xxh3Long(in, sec)
}

func xxh3Long(in, sec []byte) uint64 {
	const stripe, rate = 64, 8
	n := len(in)
	perBlock := (len(sec) - stripe) / rate
	blockLen := stripe * perBlock
	blocks := (n - 1) / blockLen
	acc := [8]uint64{xxPrime32_3, xxPrime64_1, xxPrime64_2, xxPrime64_3, xxPrime64_4, xxPrime32_2, xxPrime64_5, xxPrime32_1}
	accumulate512 := func(in, sec []byte) {
		for i := 0; i < 8; i++ {
			v := le64(in[8*i:])
			k := v ^ le64(sec[8*i:])
			acc[i^1] += v
			acc[i] += uint64(uint32(k)) * (k >> 32)
		}
	}
	accumulate := func(in []byte, stripes int) {
		for s := 0; s < stripes; s++ {
			accumulate512(in[s*stripe:], sec[s*rate:])
		}
	}
	for b := 0; b < blocks; b++ {
		accumulate(in[b*blockLen:], perBlock)
		for i := 0; i < 8; i++ {
			acc[i] ^= acc[i] >> 47
			acc[i] ^= le64(sec[len(sec)-stripe+8*i:])
			acc[i] *= xxPrime32_1
		}
	}
	accumulate(in[blocks*blockLen:], (n-1-blocks*blockLen)/stripe)
	accumulate512(in[n-stripe:], sec[len(sec)-stripe-7:])
	result := uint64(n) * xxPrime64_1
	for i := 0; i < 4; i++ {
		result += mulFold64(acc[2*i]^le64(sec[11+16*i:]), acc[2*i+1]^le64(sec[11+16*i+8:]))
	}
	return xxh3Avalanche(result)
}
