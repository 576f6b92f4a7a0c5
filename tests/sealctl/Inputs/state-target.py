# SPDX-License-Identifier: MIT
"""state-target.py MODULE TARGET: print the state offset that makes the
sealing note of MODULE (a 64-bit little-endian executable or shared
library) point at TARGET, for damaged-notes.test to write with
tests/Inputs/mutate-note.py.  The note and the segments are found through
the section and program headers, independently of sealctl.  TARGET:
  note   the note itself: mapped, but read-only
  relro  the first byte of PT_GNU_RELRO: in the writable PT_LOAD, but
         read-only once relocated
  end    one past the end of the writable PT_LOAD's memory
  last   its last byte: the only sound one of these
"""
import struct
import sys

PT_LOAD, PT_GNU_RELRO, PF_W = 1, 0x6474e552, 2

if len(sys.argv) != 3:
    sys.exit(__doc__)
data = open(sys.argv[1], 'rb').read()
if data[:6] != b'\x7fELF\x02\x01':
    sys.exit('state-target.py: not a 64-bit little-endian ELF file')
e_phoff, e_shoff = struct.unpack_from('<QQ', data, 0x20)
e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx = \
    struct.unpack_from('<HHHHH', data, 0x36)


def note_address():
    strtab = struct.unpack_from('<Q', data, e_shoff + e_shstrndx * e_shentsize + 0x18)[0]
    for i in range(e_shnum):
        h = e_shoff + i * e_shentsize
        n = struct.unpack_from('<I', data, h)[0]
        if data[strtab + n:data.index(b'\0', strtab + n)] == b'.note.sealing':
            return struct.unpack_from('<Q', data, h + 0x10)[0]
    sys.exit('state-target.py: no .note.sealing section')


def segments(kind):
    for i in range(e_phnum):
        p_type, p_flags, _, p_vaddr, _, _, p_memsz = \
            struct.unpack_from('<IIQQQQQ', data, e_phoff + i * e_phentsize)
        if p_type == kind:
            yield p_flags, p_vaddr, p_memsz


note = note_address()
field = note + 12 + 8 + 8  # the state field: the offset counts from it
rw = [(v, m) for f, v, m in segments(PT_LOAD) if f & PF_W]
relro = [v for _, v, _ in segments(PT_GNU_RELRO)]
if len(rw) != 1 or len(relro) != 1:
    sys.exit('state-target.py: expected one writable PT_LOAD and one PT_GNU_RELRO')
targets = {
    'note': note,
    'relro': relro[0],
    'end': rw[0][0] + rw[0][1],
    'last': rw[0][0] + rw[0][1] - 1,
}
if sys.argv[2] not in targets:
    sys.exit(__doc__)
print(targets[sys.argv[2]] - field)
