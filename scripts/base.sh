#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Create build/linux (LINE=6.12: build/linux-6.12): the base kernel as one
# git commit tagged 'base'. The base is the Debian source package named in
# the series' base file (patches/base, patches/backport-6.12/base), fetched
# through a private apt sources list under build/apt/ (the machine's apt
# configuration is not touched) and checked against the recorded sha256;
# or, with KERNEL_SRC=path, a copy of the given tree.
. "$(dirname "$0")/lib.sh"

linux=$build/linux$lsfx
[ -d "$linux/.git" ] && git -C "$linux" rev-parse -q --verify base >/dev/null && exit 0

basefile=$sdir/base
# shellcheck disable=SC1090
. <(grep -E '^[a-z0-9]+=' "$basefile")
dl=$build/dl
mkdir -p "$dl" "$build/logs"
log=$build/logs/base$lsfx.log
: >"$log"

if [ -n "${KERNEL_SRC:-}" ]; then
	stage "base: copy $KERNEL_SRC"
	[ -f "$KERNEL_SRC/Makefile" ] || die "KERNEL_SRC=$KERNEL_SRC is not a kernel tree"
	kv=$(make -s -C "$KERNEL_SRC" kernelversion 2>/dev/null)
	case $kv in
	"$release" | "$release".*) ;;
	*) die "KERNEL_SRC=$KERNEL_SRC is Linux $kv, the series is for $release" ;;
	esac
	desc="$kv from $KERNEL_SRC"
	rm -rf "$linux.tmp"
	mkdir -p "$linux.tmp"
	run_logged "$log" rsync -a --exclude=.git "$KERNEL_SRC/" "$linux.tmp/"
else
	stage "base: download $package $version ($suite)"
	deb=$dl/${package}_${version//:/%3a}_all.deb
	if [ ! -f "$deb" ]; then
		apt_private "$suite"
		if ! (cd "$dl" && aptp apt-get download "$package=$version") >>"$log" 2>&1; then
			newest=$(aptp apt-cache policy "$package" | awk '$1 == "Candidate:" { print $2 }')
			[ -n "$newest" ] && [ "$newest" != "(none)" ] ||
				die "$suite has no $package at all" "$log"
			printf '\n!!!! %s %s has left the archive; using the newest, %s.\n' \
				"$package" "$version" "$newest"
			printf '!!!! %s now records it: commit it if the series still applies.\n\n' \
				"${basefile#"$top"/}"
			(cd "$dl" && aptp apt-get download "$package=$newest") >>"$log" 2>&1 ||
				die "apt-get download $package=$newest failed" "$log"
			version=$newest
			sha256=
			deb=$dl/${package}_${version//:/%3a}_all.deb
		fi
	fi
	[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || die "$deb is not version $version"
	rm -f "$dl/$tarball"
	dpkg-deb --fsys-tarfile "$deb" | tar -xC "$dl" "./$tarball" ||
		die "no $tarball in $deb"
	sum=$(sha256sum "$dl/$tarball" | cut -d' ' -f1)
	if [ -z "$sha256" ]; then
		sed -i -e "s/^version=.*/version=$version/" -e "s/^sha256=.*/sha256=$sum/" "$basefile"
	elif [ "$sum" != "$sha256" ]; then
		die "$tarball sha256 is $sum, ${basefile#"$top"/} says $sha256"
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
} >>"$log" 2>&1 || die "git import failed" "$log"
cd "$top" && rm -rf "$linux" && mv "$linux.tmp" "$linux"
done_stage "$(git -C "$linux" log --oneline -1 base)"
