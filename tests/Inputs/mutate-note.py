#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""mutate-note.py IN OUT FIELD VALUE: copy an ELF file, changing one field
of its .note.sealing note (found through the section headers), for tests
of damaged notes.  FIELD is namesz, descsz, type, version, policy,
carrier, reserved, flags or state; VALUE an integer (0x.. and negatives
accepted).  64-bit little-endian ELF only: the machines the tests run on.
"""
import struct
import sys

FIELDS = {  # offset in the note, struct format
    'namesz': (0, '<I'), 'descsz': (4, '<I'), 'type': (8, '<I'),
    'version': (20, '<B'), 'policy': (21, '<B'), 'carrier': (22, '<B'),
    'reserved': (23, '<B'), 'flags': (24, '<I'), 'state': (28, '<i'),
}


def note_offset(data):
    if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
        sys.exit('mutate-note.py: not a 64-bit little-endian ELF file')
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    def section(i):
        name, _, _, _, off, size = struct.unpack_from('<IIQQQQ', data, shoff + i * shentsize)
        return name, off, size
    _, stroff, _ = section(shstrndx)
    for i in range(shnum):
        name, off, size = section(i)
        end = data.index(b'\0', stroff + name)
        if data[stroff + name:end] == b'.note.sealing':
            return off
    sys.exit('mutate-note.py: no .note.sealing section')


def main():
    if len(sys.argv) != 5 or sys.argv[3] not in FIELDS:
        sys.exit(__doc__)
    src, dst, field, value = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4], 0)
    data = bytearray(open(src, 'rb').read())
    rel, fmt = FIELDS[field]
    struct.pack_into(fmt, data, note_offset(data) + rel, value)
    open(dst, 'wb').write(data)


main()
