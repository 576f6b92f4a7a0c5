# SPDX-License-Identifier: MIT
"""Write damaged copies of an ELF64 little-endian file for bad-input.test.

Usage: corrupt.py ELF OUTDIR.  Each copy breaks one structure sealctl
depends on; the test expects a one-line error for each.
"""
import struct
import sys

src, out = sys.argv[1], sys.argv[2]
data = open(src, 'rb').read()


def write(name, patches):
    d = bytearray(data)
    for off, raw in patches:
        d[off:off + len(raw)] = raw
    open('%s/%s' % (out, name), 'wb').write(bytes(d))


e_phoff, e_shoff = struct.unpack_from('<QQ', data, 0x20)
e_shentsize, e_shnum, e_shstrndx = struct.unpack_from('<HHH', data, 0x3a)

write('bad-class', [(4, b'\x09')])
# e_phnum far beyond the file.
write('bad-phdr', [(0x38, struct.pack('<H', 0xff00))])
# The section-name string table's offset points past the end.
shstr = e_shoff + e_shstrndx * e_shentsize
write('bad-shstr', [(shstr + 0x18, struct.pack('<Q', len(data) * 4))])


# .note.sealing's size made huge: the section runs past the end of file.
def section_named(name):
    str_off = struct.unpack_from('<Q', data, shstr + 0x18)[0]
    for i in range(e_shnum):
        h = e_shoff + i * e_shentsize
        n = struct.unpack_from('<I', data, h)[0]
        end = data.index(b'\0', str_off + n)
        if data[str_off + n:end] == name:
            return h
    raise SystemExit('no section ' + name.decode())


note = section_named(b'.note.sealing')
write('bad-note', [(note + 0x20, struct.pack('<Q', len(data) * 2))])
