#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Create build/linux: the base kernel as one git commit tagged 'base'. The
# base is the Debian source package named in patches/base, fetched
# through a private apt sources list under build/apt/ (the machine's apt
# configuration is not touched) and checked against the recorded sha256;
# or, with KERNEL_SRC=path, a copy of the given tree.
. "$(dirname "$0")/lib.sh"

linux=$build/linux
[ -d "$linux/.git" ] && git -C "$linux" rev-parse -q --verify base >/dev/null && exit 0

basefile=$sdir/base
# shellcheck disable=SC1090
. <(grep -E '^[a-z0-9]+=' "$basefile")
mkdir -p "$build/logs"
log=$build/logs/base.log
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
	deb_fetch "$basefile"
	done_stage "$fetched_desc"
	stage "base: unpack"
	rm -rf "$linux.tmp"
	mkdir -p "$linux.tmp"
	tar -xJf "$fetched" -C "$linux.tmp" --strip-components=1 ||
		die "cannot unpack $fetched"
	rm -f "$fetched"
	. <(grep -E '^[a-z0-9]+=' "$basefile")
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
	# No automatic gc: it would repack the whole kernel beside the builds.
	git config gc.auto 0 &&
	# Debian's .gitignore ignores the top level: add everything by force.
	git add -f -A &&
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
		git commit -q -m "Linux $kv ($desc)" &&
	git tag base
} >>"$log" 2>&1 || die "git import failed" "$log"
cd "$top" && rm -rf "$linux" && mv "$linux.tmp" "$linux"
done_stage "$(git -C "$linux" log --oneline -1 base)"
