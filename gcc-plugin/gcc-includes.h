// SPDX-License-Identifier: GPL-3.0-or-later
//
// The GCC internals the plugin uses, in the order GCC requires: gcc-plugin.h
// must come first because it pulls in config.h and system.h, which every
// other internal header assumes.
#ifndef SEALING_GCC_INCLUDES_H
#define SEALING_GCC_INCLUDES_H

#include "gcc-plugin.h"
#include "tree.h"
#include "stringpool.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "langhooks.h"
#include "options.h"

#endif
