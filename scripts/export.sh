#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Write patches/ from build/linux (base..series), or with LINE=6.12
# patches/backport-6.12/ from build/linux-6.12: one file per commit,
# byte-stable, the series file, and the cover letter with its text kept
# and its shortlog, diffstat and base-commit regenerated.
. "$(dirname "$0")/lib.sh"

linux=$build/linux$lsfx
out=$sdir
cover=$out/0000-cover-letter.patch
stage "export: ${linux#"$top"/} base..HEAD to ${out#"$top"/}/"
[ -d "$linux/.git" ] || die "no ${linux#"$top"/}: run 'make tree' first"
git -C "$linux" diff --quiet HEAD || die "${linux#"$top"/} has uncommitted changes: commit them first"
n=$(git -C "$linux" rev-list --count base..HEAD)
[ "$n" -gt 0 ] || die "${linux#"$top"/} has no commits on top of base"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$linux" format-patch -q --zero-commit --signature=perf-uevent -N --cover-letter \
	--base=base -o "$tmp" base..HEAD || die "git format-patch failed"

# Keep the hand-written part of the cover letter (headers and text up to the
# generated shortlog line "Author (N):"); regenerate the rest.
if [ -f "$cover" ]; then
	{
		sed '/^[^ ].* ([0-9]*):$/,$d' "$cover"
		sed -n '/^[^ ].* ([0-9]*):$/,$p' "$tmp/0000-cover-letter.patch"
	} >"$tmp/cover"
	mv "$tmp/cover" "$tmp/0000-cover-letter.patch"
fi
find "$out" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' -delete
mv "$tmp"/*.patch "$out/"
{
	echo "# Apply in this order with 'git am' on the base in ${out#"$top"/}/base."
	(cd "$out" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-cover-letter')
} >"$out/series"
done_stage "$n patches"
