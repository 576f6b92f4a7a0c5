#!/usr/bin/perl
# SPDX-License-Identifier: MIT
# "dh $@ --with sealing", or Build-Depends: dh-sequence-sealing: runs
# dh_sealing once the files are stripped (dh_strip rewrites them) and
# before their md5sums are taken.
use strict;
use warnings;
use Debian::Debhelper::Dh_Lib;

insert_after('dh_strip', 'dh_sealing');

1;
