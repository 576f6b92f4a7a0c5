# SPDX-License-Identifier: MIT
"""Just enough ELF for the property test: an object's DT_NEEDED and
DT_SONAME, and whether a file is ELF at all.  64-bit little-endian only
(x86_64, the machine the suite runs on)."""
import os
import struct

SYSTEM_DIRS = ('/lib/x86_64-linux-gnu', '/usr/lib/x86_64-linux-gnu', '/lib64',
               '/usr/lib64', '/lib', '/usr/lib')

PT_LOAD, PT_DYNAMIC = 1, 2
DT_NULL, DT_NEEDED, DT_STRTAB, DT_SONAME = 0, 1, 5, 14


def is_elf(path):
    try:
        with open(path, 'rb') as f:
            return f.read(4) == b'\x7fELF'
    except OSError:
        return False


def dynamic(path):
    """(soname or None, [needed names]) of an ELF file."""
    with open(path, 'rb') as f:
        data = f.read()
    if data[:4] != b'\x7fELF' or data[4] != 2 or data[5] != 1:
        raise ValueError('%s: not a 64-bit little-endian ELF file' % path)
    phoff, = struct.unpack_from('<Q', data, 0x20)
    phentsize, phnum = struct.unpack_from('<HH', data, 0x36)
    loads, dyn = [], None
    for i in range(phnum):
        p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz, _memsz, _align = \
            struct.unpack_from('<IIQQQQQQ', data, phoff + i * phentsize)
        if p_type == PT_LOAD:
            loads.append((p_vaddr, p_offset, p_filesz))
        elif p_type == PT_DYNAMIC:
            dyn = (p_offset, p_filesz)
    if not dyn:
        return None, []

    def offset_of(vaddr):
        for v, o, sz in loads:
            if v <= vaddr < v + sz:
                return vaddr - v + o
        raise ValueError('%s: address %#x not in the file' % (path, vaddr))

    entries = []
    for off in range(dyn[0], dyn[0] + dyn[1], 16):
        tag, val = struct.unpack_from('<qQ', data, off)
        if tag == DT_NULL:
            break
        entries.append((tag, val))
    strtab = [v for t, v in entries if t == DT_STRTAB]
    if not strtab:
        return None, []
    base = offset_of(strtab[0])

    def string(o):
        end = data.index(b'\0', base + o)
        return data[base + o:end].decode()

    soname = [string(v) for t, v in entries if t == DT_SONAME]
    return (soname[0] if soname else None), [string(v) for t, v in entries if t == DT_NEEDED]


def resolve(name, dirs):
    """Where ld.so would find a DT_NEEDED name: the world's directories
    first (its libraries carry an rpath to them), then the system's."""
    if '/' in name:
        return name if os.path.exists(name) else None
    for d in list(dirs) + list(SYSTEM_DIRS):
        p = os.path.join(d, name)
        if os.path.exists(p):
            return p
    return None


def file_key(path):
    """The (major, minor, inode) that /proc/PID/smaps shows for a file."""
    st = os.stat(path)
    return (os.major(st.st_dev), os.minor(st.st_dev), st.st_ino)
