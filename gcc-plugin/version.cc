// SPDX-License-Identifier: GPL-3.0-or-later
//
// Version tolerance.  plugin_default_version_check compares every field,
// datestamp and configure line included, so a distribution's point release
// of GCC would refuse every plugin built a week earlier.  What actually
// breaks a plugin is a different major version (internal ABI) or a
// different target (the carried runtime is target assembly); nothing else
// is checked.
#include "gcc-includes.h"

#include "plugin-version.h"
#include "sealing/note.h"
#include "version.h"

#include <cstdlib>
#include <cstring>
#include <string>

#ifndef SEALING_VERSION
#error "SEALING_VERSION must be defined by the build"
#endif

namespace {

std::string major_of(const char *basever)
{
	const char *dot = strchr(basever, '.');
	return dot ? std::string(basever, size_t(dot - basever)) : std::string(basever);
}

// The --target= value of a configure line, or "" when it was not given
// (then GCC was configured natively and its target is its host).
std::string target_of(const char *config_args)
{
	const char *t = strstr(config_args, "--target=");
	if (!t)
		return "";
	t += strlen("--target=");
	return std::string(t, strcspn(t, " "));
}

} // namespace

const char *sealing_version_line()
{
	static std::string line;
	if (line.empty()) {
		std::string target = target_of(gcc_version.configuration_arguments);
		line = std::string("sealing GCC plugin ") + SEALING_VERSION +
		       " (runtime group " SEALING_COMDAT_GROUP ", note version " +
		       std::to_string(SEALING_NOTE_VERSION) + "; built for GCC " +
		       gcc_version.basever + (target.empty() ? "" : ", " + target) + ")";
	}
	return line.c_str();
}

bool sealing_version_ok(const plugin_gcc_version *running)
{
	std::string want_major = major_of(gcc_version.basever);
	std::string have_major = major_of(running->basever);
	std::string want_target = target_of(gcc_version.configuration_arguments);
	std::string have_target = target_of(running->configuration_arguments);

	if (want_major != have_major) {
		// One line, naming both versions and the fix: every GCC that
		// has its own build finds it by name in its plugin directory.
		error("sealing: plugin built for GCC %s but loaded by GCC %s; install "
		      "the sealing plugin for GCC %s (package gcc-sealing-plugin, or "
		      "build sealing with g++-%s and gcc-%s-plugin-dev installed) and "
		      "load it by name: %<-fplugin=sealing%>", gcc_version.basever,
		      running->basever, have_major.c_str(), have_major.c_str(),
		      have_major.c_str());
		return false;
	}
	if (want_target != have_target) {
		error("sealing: plugin built for target %qs but loaded by a compiler "
		      "for %qs; rebuild it against this compiler",
		      want_target.c_str(), have_target.c_str());
		return false;
	}
	return true;
}
