#!/bin/sh
# SPDX-License-Identifier: MIT
# The main job, from a fresh Debian 12 machine: install what is needed,
# build sealing, compile the example with each carrier that was built, and
# show what the kernel sealed.
set -eu
cd "$(dirname "$0")/.."

sh scripts/setup-debian.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
sh examples/run-examples.sh build
