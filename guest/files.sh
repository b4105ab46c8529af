# SPDX-License-Identifier: GPL-2.0
# Sourced by the guest scripts that give files to the host.

# export_file FILE: FILE for the host, base64 between lines that
# scripts/guest-files.py looks for (scripts/verdict.py skips them).
export_file() {
	echo "HARNESS-FILE $(basename "$1") $(sha256sum <"$1" | cut -d' ' -f1)"
	base64 "$1"
	echo "HARNESS-FILE-END"
}
