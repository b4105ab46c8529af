#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The man-pages patches (patches/man-pages/, for linux-man@vger.kernel.org)
# as the man-pages maintainer gets them:
# - the base, Debian's manpages-dev package named in patches/man-pages/base,
#   is fetched through a private apt sources list (build/apt/) and its
#   sha256 checked; if the archive no longer has that version, the newest
#   is taken, the run says so and the base file records it;
# - its pages are unpacked into a git tree, build/man-pages, laid out as
#   the man-pages repository is (man/man2/prctl.2, man/man2const/*.2const,
#   ...; the package's symbolic links become the repository's .so link
#   pages), one commit tagged 'base';
# - the cover letter's base-commit: is that commit;
# - each patch applies in order with 'git am';
# - a copy of a page with two faults put in is flagged by both linters
#   below (so that the lint cannot pass by seeing nothing);
# - every page the patches touch renders with no warning with
#   'groff -ww -t -man -Tutf8 -z', and 'mandoc -man -Tlint' finds nothing
#   but what the man-pages Makefile's lint ignores too (the lower-case
#   title and the unreleased '(date)' of .TH).
# Prints one 'ok'/'not ok' line per check; tool output in
# build/logs/man-pages.log and build/logs/man-pages-lint.log.
. "$(dirname "$0")/lib.sh"

mp=$top/patches/man-pages
basefile=$mp/base
# shellcheck disable=SC1090
. <(grep -E '^[a-z0-9]+=' "$basefile")
dl=$build/dl
tree=$build/man-pages
log=$build/logs/man-pages.log
llog=$build/logs/man-pages-lint.log
mkdir -p "$dl" "$build/logs"
: >"$log"
: >"$llog"
fails=0

# fetch: download $package=$version into $dl, or the suite's newest if the
# archive no longer has that version; print the version downloaded. Run
# in a subshell: apt_private's and die's exits end only that.
fetch() {
	local newest
	apt_private "$suite"
	if (cd "$dl" && aptp apt-get download "$package=$version") >>"$log" 2>&1; then
		echo "$version"
		return 0
	fi
	newest=$(aptp apt-cache policy "$package" | awk '$1 == "Candidate:" { print $2 }')
	[ -n "$newest" ] && [ "$newest" != "(none)" ] || die "$suite has no $package at all" "$log"
	(cd "$dl" && aptp apt-get download "$package=$newest") >>"$log" 2>&1 ||
		die "apt-get download $package=$newest failed" "$log"
	echo "$newest"
}

stage "man-pages: base $package $version ($suite)"
what="base: $package $version from $suite, sha256 as recorded"
deb=$dl/${package}_${version//:/%3a}_all.deb
if [ ! -f "$deb" ]; then
	got=$(fetch) || { result 1 "$what" "cannot download it, see $log"; exit 1; }
	if [ "$got" != "$version" ]; then
		printf '\n!!!! %s %s has left %s; using the newest, %s.\n' \
			"$package" "$version" "$suite" "$got"
		printf '!!!! %s now records it: commit it if the patches still apply.\n\n' \
			"${basefile#"$top"/}"
		what="base: $package $got from $suite (the recorded $version has left the archive)"
		version=$got
		sha256=
		deb=$dl/${package}_${version//:/%3a}_all.deb
	fi
fi
sum=$(sha256sum "$deb" | cut -d' ' -f1)
if [ "$(dpkg-deb -f "$deb" Version 2>>"$log")" != "$version" ]; then
	result 1 "$what" "${deb#"$top"/} is not version $version"
	exit 1
elif [ -z "$sha256" ]; then
	sed -i -e "s/^version=.*/version=$version/" -e "s/^release=.*/release=${version%%-*}/" \
		-e "s/^sha256=.*/sha256=$sum/" "$basefile"
	result 0 "$what" "sha256 $sum recorded in ${basefile#"$top"/}"
elif [ "$sum" != "$sha256" ]; then
	result 1 "$what" "sha256 is $sum, ${basefile#"$top"/} says $sha256"
	exit 1
else
	result 0 "$what"
fi
done_stage "sha256 $sum"

stage "man-pages: unpack into ${tree#"$top"/}"
rm -rf "$tree"
mkdir -p "$tree"
# The pages are gzipped under usr/share/man/manN/; the repository has them
# in plain text under man/man<section>/, the section being the name's
# suffix (prctl.2 in man2, PR_SET_VMA.2const in man2const, ...), and a
# link page as '.so man<section>/<page>'. Python reads the package's tar
# once, which is much faster than a process per page.
dpkg-deb --fsys-tarfile "$deb" 2>>"$log" | python3 -c '
import gzip, os, posixpath, sys, tarfile

out = sys.argv[1]
n = 0
with tarfile.open(fileobj=sys.stdin.buffer, mode="r|") as tar:
    for m in tar:
        d, name = posixpath.split(m.name)
        if not posixpath.basename(d).startswith("man") or \
           posixpath.dirname(d) not in ("./usr/share/man", "usr/share/man") or \
           not name.endswith(".gz"):
            continue
        page = name[:-3]
        where = os.path.join(out, "man", "man" + page.rsplit(".", 1)[1])
        os.makedirs(where, exist_ok=True)
        if m.issym():
            target = posixpath.basename(m.linkname)[:-3]
            text = ".so man%s/%s\n" % (target.rsplit(".", 1)[1], target)
            data = text.encode()
        elif m.isfile():
            data = gzip.decompress(tar.extractfile(m).read())
        else:
            continue
        with open(os.path.join(where, page), "wb") as f:
            f.write(data)
        n += 1
if n == 0:
    sys.exit("no manual pages in the package")
print(n, "pages")
' "$tree" >>"$log" 2>&1 || die "cannot unpack $deb" "$log"
{
	cd "$tree" &&
	git init -q -b series &&
	git config user.name "Perf Uevent Developers" &&
	git config user.email "perf-uevent@example.org" &&
	git config core.abbrev 12 &&
	git add -A &&
	GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
		git commit -q -m "man-pages ${version%%-*} (Debian $package $version)" &&
	git tag base
} >>"$log" 2>&1 || die "git import failed" "$log"
cd "$top" || exit 1
done_stage "$(tail -n 1 "$log" | grep -o '^[0-9]* pages'), base $(git -C "$tree" rev-parse --short base)"

stage "man-pages: git am"
base=$(git -C "$tree" rev-parse base)
bc=$(sed -n 's/^base-commit: //p' "$mp/0000-cover-letter.patch" 2>/dev/null)
result "$([ "$bc" = "$base" ]; echo $?)" \
	"the cover letter's base-commit is the base's commit ($base)" "it says '${bc:-nothing}'"
mapfile -t patches < <(grep -vE '^[[:space:]]*(#|$)' "$mp/series")
[ ${#patches[@]} -gt 0 ] || result 1 "apply patches/man-pages/series" "it lists no patch"
applied=0
for p in "${patches[@]}"; do
	if [ $applied != 0 ]; then
		result 1 "$p applies" "not tried: an earlier patch did not apply"
	elif git -C "$tree" am -q "$mp/$p" >>"$log" 2>&1; then
		result 0 "$p applies"
	else
		result 1 "$p applies" "$(grep -m 1 -E '^(error|fatal|Patch failed)' "$log")"
		git -C "$tree" am --abort >>"$log" 2>&1
		applied=1
	fi
done
done_stage "$(git -C "$tree" rev-list --count base..HEAD) of ${#patches[@]} applied"

stage "man-pages: lint"
# lint LINTER FILE: the linter's complaints about FILE (a path relative to
# the tree's top, as the man-pages Makefile runs them), one a line. The
# mandoc lines ignored are those that the man-pages Makefile ignores in
# every page of its repository: .TH's lower-case title and the '(date)'
# that a release replaces.
lint() {
	case $1 in
	groff) groff -ww -t -k -man -Tutf8 -z "$2" 2>&1 ;;
	mandoc) mandoc -man -Tlint "$2" 2>&1 |
		grep -v -e 'STYLE: lower case character in document title: ' \
			-e 'WARNING: cannot parse date, using it verbatim: TH (date)$' ;;
	esac
}
linters=(groff mandoc)
for l in "${linters[@]}"; do
	command -v "$l" >/dev/null ||
		result 1 "$l is installed" "it is not: run scripts/deps.sh"
done
mapfile -t pages < <(git -C "$tree" diff --name-only --diff-filter=AM base HEAD -- man/)
[ ${#pages[@]} -gt 0 ] || result 1 "the patches touch pages to lint" "none"

# The control: a copy of the first page with an undefined macro and an
# undefined special character added at its end, both of which each linter
# must flag (on those lines), or it would let anything pass.
if [ ${#pages[@]} -gt 0 ]; then
	c=${pages[0]}
	ctl=$build/man-pages-control
	rm -rf "$ctl"
	mkdir -p "$ctl/${c%/*}"
	n=$(wc -l <"$tree/$c")
	{ cat "$tree/$c"; printf '.XYZZY plugh\nA \\[nosuchglyph] here.\n'; } >"$ctl/$c"
	for l in "${linters[@]}"; do
		out=$(cd "$ctl" && lint "$l" "$c")
		printf '== control, %s: %s\n%s\n' "$l" "$c" "$out" >>"$llog"
		hits=$(grep -cE ":($((n + 1))|$((n + 2)))(:[0-9]+)?: " <<<"$out")
		result "$([ "$hits" -ge 2 ]; echo $?)" \
			"control: $l flags both faults put into a copy of $c" \
			"it flagged $hits of 2: ${out:-nothing}"
	done
fi
for page in "${pages[@]}"; do
	for l in "${linters[@]}"; do
		out=$(cd "$tree" && lint "$l" "$page")
		printf '== %s: %s\n%s\n' "$l" "$page" "$out" >>"$llog"
		if [ -z "$out" ]; then
			result 0 "$l: $page"
		else
			result 1 "$l: $page" \
				"$(head -n 1 <<<"$out") ($(wc -l <<<"$out") in all, see ${llog#"$top"/})"
		fi
	done
done
done_stage "${#pages[@]} pages"
[ $fails = 0 ]
