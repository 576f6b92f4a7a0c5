# SPDX-License-Identifier: MIT
# Reads gcc -### or -v output; prints, for each run of a compiler proper,
# its name and how many -fplugin= options it was given ("cc1 1").
$1 ~ /\/(cc1|cc1plus|f951|lto1)"?$/ {
	name = $1
	gsub(/"/, "", name)
	sub(/.*\//, "", name)
	print name, gsub(/-fplugin=/, "&")
}
