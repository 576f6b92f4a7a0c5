# SPDX-License-Identifier: MIT
"""Write copies of an instrumented ELF64 little-endian module, each with
one field of its sealing note overwritten, for damaged-notes.test.

Usage: mutate-note.py MODULE OUTDIR.  The note is found through the
section headers (.note.sealing), independently of sealctl, and checked
to be the SEALING note before anything is written.  Each copy is
OUTDIR/NAME.so; the names are listed below with what they change.
"""
import struct
import sys

src, out = sys.argv[1], sys.argv[2]
data = open(src, 'rb').read()

PT_LOAD, PT_GNU_RELRO, PF_W = 1, 0x6474e552, 2

e_phoff, e_shoff = struct.unpack_from('<QQ', data, 0x20)
e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx = \
    struct.unpack_from('<HHHHH', data, 0x36)


def section(name):
    strtab = struct.unpack_from('<Q', data, e_shoff + e_shstrndx * e_shentsize + 0x18)[0]
    for i in range(e_shnum):
        h = e_shoff + i * e_shentsize
        n = struct.unpack_from('<I', data, h)[0]
        if data[strtab + n:data.index(b'\0', strtab + n)] == name:
            addr, offset, size = struct.unpack_from('<QQQ', data, h + 0x10)
            return addr, offset, size
    raise SystemExit('no section ' + name.decode())


def segments(kind):
    for i in range(e_phnum):
        p_type, p_flags, _, p_vaddr, _, _, p_memsz = \
            struct.unpack_from('<IIQQQQQ', data, e_phoff + i * e_phentsize)
        if p_type == kind:
            yield p_flags, p_vaddr, p_memsz


addr, note, size = section(b'.note.sealing')
namesz, descsz, ntype = struct.unpack_from('<III', data, note)
if (namesz, descsz, ntype, data[note + 12:note + 20]) != (8, 12, 1, b'SEALING\0'):
    raise SystemExit('.note.sealing does not start with a SEALING note')
desc = note + 20
flags = struct.unpack_from('<I', data, desc + 4)[0]
# The state field's own address: the offset is counted from it.
field = addr + 20 + 8
rw = [(v, m) for f, v, m in segments(PT_LOAD) if f & PF_W]
relro = list(segments(PT_GNU_RELRO))
if len(rw) != 1 or len(relro) != 1:
    raise SystemExit('expected one writable PT_LOAD and one PT_GNU_RELRO')
rw_start, rw_size = rw[0]
relro_start = relro[0][1]


def write(name, off, fmt, value):
    d = bytearray(data)
    struct.pack_into(fmt, d, off, value)
    open('%s/%s.so' % (out, name), 'wb').write(bytes(d))


write('version9', desc, '<B', 9)
write('version1', desc, '<B', 1)
write('policy7', desc + 1, '<B', 7)
write('reserved', desc + 3, '<B', 0x5a)
write('flags', desc + 4, '<I', flags | 0x80000000)
write('state-high', desc + 8, '<i', 0x7ff00000)
write('state-low', desc + 8, '<i', -0x40000000)
write('state-zero', desc + 8, '<i', 0)
# Back to the note itself: mapped, but read-only.
write('state-note', desc + 8, '<i', addr - field)
# The first byte of RELRO: in the writable PT_LOAD, read-only at run time.
write('state-relro', desc + 8, '<i', relro_start - field)
# One past the end of the writable segment's memory, and its last byte
# (the only one of these that is sound).
write('state-end', desc + 8, '<i', rw_start + rw_size - field)
write('state-last', desc + 8, '<i', rw_start + rw_size - 1 - field)
write('namesz9', note, '<I', 9)
write('namesz7', note, '<I', 7)
write('descsz8', note + 4, '<I', 8)
write('descsz16', note + 4, '<I', 16)
