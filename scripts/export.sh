#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Write patches/ from build/linux (base..series): one file per commit,
# byte-stable, in the folders of patches/sets if there is one
# (render_series in lib.sh); the series file; and each cover letter with
# its text kept and its shortlog, diffstat and base lines regenerated.
. "$(dirname "$0")/lib.sh"

linux=$build/linux
out=$sdir
stage "export: ${linux#"$top"/} base..HEAD to ${out#"$top"/}/"
[ -d "$linux/.git" ] || die "no ${linux#"$top"/}: run 'make tree' first"
git -C "$linux" diff --quiet HEAD || die "${linux#"$top"/} has uncommitted changes: commit them first"
n=$(git -C "$linux" rev-list --count base..HEAD)
[ "$n" -gt 0 ] || die "${linux#"$top"/} has no commits on top of base"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
render_series "$tmp" cover

# Keep the hand-written part of each cover letter (headers and text up to
# the generated shortlog line "Author (N):"); regenerate the rest.
for new in "$tmp"/*/0000-cover-letter.patch "$tmp"/0000-cover-letter.patch; do
	[ -f "$new" ] || continue
	old=$out/${new#"$tmp"/}
	[ -f "$old" ] || continue
	{
		sed '/^[^ ].* ([0-9]*):$/,$d' "$old"
		sed -n '/^[^ ].* ([0-9]*):$/,$p' "$new"
	} >"$new.kept"
	mv "$new.kept" "$new"
done
# The folders of the sets (or the top level) now hold exactly this export.
(cd "$tmp" && find . -name '*.patch' -printf '%h\n' | sort -u) | while read -r d; do
	find "$out/$d" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' -delete 2>/dev/null
	mkdir -p "$out/$d"
	mv "$tmp/$d"/*.patch "$out/$d/"
done
[ ! -f "$out/sets" ] ||
	find "$out" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' -delete
{
	echo "# Apply in this order with 'git am' on the base in ${out#"$top"/}/base."
	(cd "$out" && ls -- */[0-9][0-9][0-9][0-9]-*.patch [0-9][0-9][0-9][0-9]-*.patch 2>/dev/null |
		grep -v '0000-cover-letter' | grep -v '^man-pages/' | sed 's|^\./||')
} >"$out/series"
done_stage "$n patches"
