# SPDX-License-Identifier: MIT
# Makes a copy of sealing-rt.o claim another runtime release: rewrites the
# release field of its version-3 policy note in place, as an object built
# by another release of sealing would carry it.  Used to test what a link
# that mixes releases keeps.  Usage: set-runtime-release.py OBJECT X.Y.Z
# (ELF64 little-endian relocatable objects only, which is what it is for.)
import struct
import sys

path, release = sys.argv[1], sys.argv[2]
major, minor, patch = (int(x) for x in release.split('.'))
b = bytearray(open(path, 'rb').read())
if b[:4] != b'\x7fELF' or b[4] != 2 or b[5] != 1:
    sys.exit('set-runtime-release.py: %s: not an ELF64 little-endian file' % path)
shoff, = struct.unpack_from('<Q', b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)


def section(i):
    return struct.unpack_from('<IIQQQQIIQQ', b, shoff + i * shentsize)


strtab = section(shstrndx)[4]
patched = 0
for i in range(shnum):
    name, _, _, _, off, size = section(i)[:6]
    if b[strtab + name:b.index(0, strtab + name)] != b'.note.sealing':
        continue
    p = off
    while p + 12 <= off + size:
        namesz, descsz, ntype = struct.unpack_from('<III', b, p)
        desc = p + 12 + ((namesz + 3) & ~3)
        # Type 1 is the policy note; byte 0 of its descriptor the version,
        # bytes 12-15 the release (include/sealing/note.h).
        if ntype == 1 and b[desc] == 3:
            struct.pack_into('<I', b, desc + 12, major << 16 | minor << 8 | patch)
            patched += 1
        p = desc + ((descsz + 3) & ~3)
if patched != 1:
    sys.exit('set-runtime-release.py: %s: %d version-3 policy notes, not 1' % (path, patched))
open(path, 'wb').write(b)
