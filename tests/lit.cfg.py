# SPDX-License-Identifier: MIT
# lit configuration for sealing: substitutions shared by every suite.
import os
import shutil
import subprocess

import lit.formats

config.name = 'sealing'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.c', '.cpp', '.f90', '.test', '.ll']
config.excludes = ['helpers', 'Inputs', 'unit', 'lit.cfg.py', 'lit.site.cfg.py.in']
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.sealing_build_dir, 'tests')

# Tests run what they build; keep the environment they see predictable.
for var in ('SEALING_POLICY', 'SEALING_DEBUG', 'LD_PRELOAD', 'LD_LIBRARY_PATH'):
    config.environment.pop(var, None)
for var in ('PATH', 'HOME', 'TMPDIR'):
    if var in os.environ:
        config.environment[var] = os.environ[var]

src = config.sealing_src_dir
helpers = os.path.join(src, 'tests', 'helpers')
config.substitutions += [
    ('%cc', config.cc),
    ('%cxx', config.cxx),
    ('%fc', config.fc),
    ('%rtdir', config.runtime_dir),
    ('%group', config.sealing_group),
    ('%rt', os.path.join(config.runtime_dir, 'sealing-rt.o')),
    ('%probe', '-I%s %s' % (helpers, config.probe_obj)),
    ('%inject', config.inject),
    ('%killat', config.killat),
    ('%sealed-at-exit', config.sealed_at_exit),
    ('%include', os.path.join(src, 'include')),
    ('%inputs', os.path.join(src, 'tests', 'Inputs')),
    ('FileCheck', config.filecheck),
    ('%not', config.not_tool),
]

for tool in ('strace', 'valgrind', 'gdb', 'fakeroot', 'qemu-x86_64', 'setpriv',
             'readelf', 'objdump', 'ld.gold', 'ld.lld', 'gfortran',
             'ccache', 'distcc', 'distccd', 'icecc', 'icecc-create-env',
             'aarch64-linux-gnu-gcc', 'dpkg-buildflags'):
    if shutil.which(tool):
        config.available_features.add(tool)

# The host's architecture (x86_64, aarch64): tests of one ISA's features.
config.available_features.add(os.uname().machine)

# Any clang, as a plain compiler for the link-object carrier (the LLVM
# pass suite's %clang is its own LLVM's).
if shutil.which('clang'):
    config.available_features.add('any-clang')
    config.substitutions.append(('%anyclang', shutil.which('clang')))

# musl-gcc: the same GCC with musl's headers, start files and loader.
if shutil.which('musl-gcc') and os.path.exists('/lib/ld-musl-x86_64.so.1'):
    config.available_features.add('musl')
    config.substitutions.append(('%muslcc', shutil.which('musl-gcc')))
    common = os.path.join(src, 'common')
    config.substitutions.append(('%muslprobe', '-I%s -I%s %s %s' % (
        helpers, common, os.path.join(helpers, 'sealprobe.c'), os.path.join(common, 'smaps.c'))))

# The program interpreter, to start programs as "ld.so ./prog".
for ldso in ('/lib64/ld-linux-x86-64.so.2', '/lib/ld-linux-aarch64.so.1'):
    if os.path.exists(ldso):
        config.substitutions.append(('%ldso', ldso))
        break
# GNU ld with -z memory-seal (binutils 2.44 and later) records
# GNU_PROPERTY_MEMORY_SEAL itself; older ld warns and ignores it.
try:
    ld_help = subprocess.run(['ld', '--help'], capture_output=True, text=True).stdout
except OSError:
    ld_help = ''
if '-z memory-seal' in ld_help:
    config.available_features.add('ld-memory-seal')

# libsealing-loader.so, for any suite that loads programs under it too.
if hasattr(config, 'loader'):
    config.substitutions.append(('%loader', config.loader))

if os.getuid() == 0:
    config.available_features.add('root')
# A private mount namespace (root, and a container or chroot that allows
# it: in a chroot whose / is no mount point unshare cannot make it private).
if shutil.which('unshare') and os.getuid() == 0 and \
        subprocess.run(['unshare', '-m', 'true'], capture_output=True).returncode == 0:
    config.available_features.add('unshare')
