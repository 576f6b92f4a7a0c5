#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""set-section-offset.py IN OUT SECTION OFFSET: copy an ELF file with the
named section's sh_offset changed (OFFSET an integer, 0x.. accepted), for
tests of damaged section headers: runtime/module-part.test points the
module part past the file's end.  64-bit little-endian ELF only.
"""
import struct
import sys


def main():
    src, dst, name, value = sys.argv[1], sys.argv[2], sys.argv[3].encode(), int(sys.argv[4], 0)
    data = bytearray(open(src, 'rb').read())
    if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
        sys.exit('set-section-offset.py: %s: not a 64-bit little-endian ELF file' % src)
    shoff, = struct.unpack_from('<Q', data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from('<HHH', data, 0x3a)
    strtab_off, = struct.unpack_from('<Q', data, shoff + shstrndx * shentsize + 24)
    for i in range(shnum):
        hdr = shoff + i * shentsize
        sh_name, = struct.unpack_from('<I', data, hdr)
        end = data.index(b'\0', strtab_off + sh_name)
        if bytes(data[strtab_off + sh_name:end]) == name:
            struct.pack_into('<Q', data, hdr + 24, value)
            open(dst, 'wb').write(data)
            return
    sys.exit('set-section-offset.py: %s: no section %s' % (src, name.decode()))


if __name__ == '__main__':
    main()
