# SPDX-License-Identifier: MIT
#
# The environments the instruction counts are taken in (sourced).  The
# runtime scans the environment for SEALING_POLICY and SEALING_DEBUG, so
# its instruction count grows with the environment: counts are taken in
# a fixed one for reproducibility, never in whatever the caller had.
#   TYPICAL_ENV: 30 variables, the size of an ordinary login session
#   (the figure the goal is judged on);  an empty one (env -i) is the floor.
TYPICAL_ENV="PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/user USER=user
LOGNAME=user SHELL=/bin/bash TERM=xterm-256color LANG=en_US.UTF-8
LC_ALL=en_US.UTF-8 PWD=/home/user OLDPWD=/home/user/src SHLVL=1
EDITOR=vi PAGER=less LESS=-R MAIL=/var/mail/user HOSTNAME=build01
XDG_RUNTIME_DIR=/run/user/1000 XDG_SESSION_ID=3 XDG_SESSION_TYPE=tty
XDG_DATA_DIRS=/usr/local/share:/usr/share XDG_CONFIG_DIRS=/etc/xdg
DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus SSH_TTY=/dev/pts/0
SSH_CONNECTION=10.0.0.2_51234_10.0.0.1_22 SSH_CLIENT=10.0.0.2_51234_22
COLORTERM=truecolor LS_COLORS=rs=0:di=01;34:ln=01;36:mh=00:pi=40;33
HISTSIZE=10000 TZ=UTC MANPATH=/usr/share/man"

# in_env typical|empty CMD...: run CMD in that environment, plus the
# assignments in $EXTRA_ENV if set.
in_env() {
	which_=$1
	shift
	# shellcheck disable=SC2086 # one word per assignment, on purpose
	if [ "$which_" = typical ]; then
		env -i $TYPICAL_ENV ${EXTRA_ENV:-} "$@"
	else
		env -i ${EXTRA_ENV:-} "$@"
	fi
}
