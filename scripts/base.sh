#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Create build/linux: the base kernel as one git commit tagged 'base'.
# The base is Debian's linux-source-6.12 (version and sha256 from
# patches/base) or, with KERNEL_SRC=path, a copy of the given 6.12 tree.
. "$(dirname "$0")/lib.sh"

linux=$build/linux
[ -d "$linux/.git" ] && git -C "$linux" rev-parse -q --verify base >/dev/null && exit 0

# shellcheck disable=SC1091
. <(grep -E '^[a-z0-9]+=' "$top/patches/base")
dl=$build/dl
mkdir -p "$dl" "$build/logs"
log=$build/logs/base.log

if [ -n "${KERNEL_SRC:-}" ]; then
	stage "base: copy $KERNEL_SRC"
	[ -f "$KERNEL_SRC/Makefile" ] || die "KERNEL_SRC=$KERNEL_SRC is not a kernel tree"
	desc="$(make -s -C "$KERNEL_SRC" kernelversion 2>/dev/null) from $KERNEL_SRC"
	rm -rf "$linux.tmp"
	mkdir -p "$linux.tmp"
	run_logged "$log" rsync -a --exclude=.git "$KERNEL_SRC/" "$linux.tmp/"
else
	stage "base: download $package $version"
	deb=$dl/${package}_${version//:/%3a}_all.deb
	if [ ! -f "$deb" ]; then
		if ! (cd "$dl" && apt-get download "$package=$version") >"$log" 2>&1; then
			printf '\n!!!!\n!!!! %s %s is no longer in the archive.\n' "$package" "$version"
			printf '!!!! Using the newest %s instead: the series may not apply.\n!!!!\n\n' "$package"
			(cd "$dl" && apt-get download "$package") >>"$log" 2>&1 ||
				die "apt-get download $package failed (apt-get update first?)" "$log"
			sha256=
		fi
		deb=$(ls -t "$dl"/"${package}"_*_all.deb | head -n 1)
	fi
	version=$(dpkg-deb -f "$deb" Version)
	dpkg-deb --fsys-tarfile "$deb" | tar -xC "$dl" "./$tarball" ||
		die "no $tarball in $deb"
	sum=$(sha256sum "$dl/$tarball" | cut -d' ' -f1)
	if [ -n "$sha256" ] && [ "$sum" != "$sha256" ]; then
		die "$tarball sha256 is $sum, patches/base says $sha256"
	fi
	done_stage "$version, sha256 $sum"
	stage "base: unpack"
	rm -rf "$linux.tmp"
	mkdir -p "$linux.tmp"
	tar -xJf "$dl/$tarball" -C "$linux.tmp" --strip-components=1 ||
		die "cannot unpack $tarball"
	rm -f "$dl/$tarball"
	desc="Debian $package $version"
fi
done_stage
stage "base: git import"
kv=$(make -s -C "$linux.tmp" kernelversion)
cd "$linux.tmp" || exit 1
{
	git init -q -b series &&
	git config user.name "Perf Uevent Developers" &&
	git config user.email "perf-uevent@example.org" &&
	git config core.abbrev 12 &&
	# Debian's .gitignore ignores the top level: add everything by force.
	git add -f -A &&
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
		git commit -q -m "Linux $kv ($desc)" &&
	git tag base
} >"$log" 2>&1 || die "git import failed" "$log"
cd "$top" && rm -rf "$linux" && mv "$linux.tmp" "$linux"
done_stage "$(git -C "$linux" log --oneline -1 base)"
