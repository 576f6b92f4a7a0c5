# SPDX-License-Identifier: MIT
#
# Lookups in the results' TSV files by column name (sourced by the report
# scripts), so that the report does not depend on column order.
#   q FILE COLUMN [NAME=VALUE]...   the COLUMN of the first matching row
#   rows FILE [NAME=VALUE]...       the matching rows, without the header

q() {
	f=$1 c=$2
	shift 2
	[ -f "$f" ] || return 0
	awk -F '\t' -v col="$c" -v conds="$*" '
		NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; n = split(conds, cs, " "); next }
		{
			for (k = 1; k <= n; k++) {
				split(cs[k], kv, "=")
				if ($(idx[kv[1]]) != kv[2]) next
			}
			print $(idx[col]); exit
		}' "$f"
}

rows() {
	f=$1
	shift
	[ -f "$f" ] || return 0
	awk -F '\t' -v conds="$*" '
		NR == 1 { for (i = 1; i <= NF; i++) idx[$i] = i; n = split(conds, cs, " "); next }
		{
			for (k = 1; k <= n; k++) {
				split(cs[k], kv, "=")
				if ($(idx[kv[1]]) != kv[2]) next
			}
			print
		}' "$f"
}

# calc EXPR: floating-point arithmetic, printed with up to 4 decimals
calc() {
	awk "BEGIN { x = $*; if (x == int(x)) printf \"%d\", x; else printf \"%.4g\", x }"
}

# table FILE COLUMNS [NAME=VALUE]...: a Markdown table of the matching
# rows; COLUMNS is a comma-separated list of NAME or NAME:Header.
table() {
	f=$1 cols=$2
	shift 2
	[ -f "$f" ] || { echo '(not measured)'; return 0; }
	awk -F '\t' -v cols="$cols" -v conds="$*" '
		NR == 1 {
			for (i = 1; i <= NF; i++) idx[$i] = i
			nc = split(cols, c, ","); n = split(conds, cs, " ")
			line = "|"; sep = "|"
			for (k = 1; k <= nc; k++) {
				h = c[k]; name = h
				if (index(h, ":")) { name = substr(h, 1, index(h, ":") - 1); h = substr(h, index(h, ":") + 1) }
				col[k] = name; line = line " " h " |"; sep = sep "---|"
			}
			print line; print sep; next
		}
		{
			for (k = 1; k <= n; k++) {
				split(cs[k], kv, "=")
				if ($(idx[kv[1]]) != kv[2]) next
			}
			line = "|"
			for (k = 1; k <= nc; k++) line = line " " $(idx[col[k]]) " |"
			print line
		}' "$f"
}
