#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the Debian package from a build folder, installs it with apt into a throwaway copy of the
# Debian 13 root, runs the installed programs, purges the package and checks that nothing is left.
#
#   tests/install/install-test.sh BUILD_DIR SOURCE_DIR
#
# Runs inside installer/sfdesk-env's build environment, which shows the build root read-only at
# $SFDESK_BASE_ROOT. The copy is an overlay over that root with its changes in a tmpfs, so the build
# root is never written and the copy disappears with this script's mount namespace. Exits 77 (ctest
# reports "skipped") where there is no such root or no root privileges.
set -euo pipefail
build_dir=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
started=$SECONDS

skip() {
    echo "install test skipped: $*"
    exit 77
}
fail() {
    echo "install test FAILED: $*" >&2
    exit 1
}
trap 'echo "install test FAILED: command at line $LINENO returned $?" >&2' ERR
step() { printf '[%4ds] %s\n' $((SECONDS - started)) "$*"; }

base=${SFDESK_BASE_ROOT:-}
[ -n "$base" ] && [ -x "$base/usr/bin/apt-get" ] \
    || skip "no Debian 13 root to copy (run it through installer/sfdesk-env, which provides one)"
[ "$(id -u)" = 0 ] || skip "mounting the copy of the root needs root privileges"
command -v cpack >/dev/null || fail "cpack is not installed"

# Everything below runs in its own mount namespace: every mount goes away when it ends. The build
# environment's mounts are private already, and / in a chroot is no mount point whose propagation
# could be changed, hence "unchanged".
if [ -z "${SFDESK_INSTALL_TEST_NS:-}" ]; then
    SFDESK_INSTALL_TEST_NS=1 exec unshare --mount --propagation unchanged --fork -- "$0" "$@"
fi

work=$(mktemp -d /tmp/sfdesk-install-test.XXXXXX)
cleanup() {
    # Unmount from the deepest path up, then remove the folder; the namespace would drop the mounts
    # anyway, but the folder itself lives in the build root's /tmp.
    if [ -d "$work/root" ]; then
        grep -o " $work/root[^ ]*" /proc/self/mounts | sort -r | while read -r m; do umount -l "$m" 2>/dev/null || true; done
    fi
    umount -l "$work" 2>/dev/null || true
    rm -rf --one-file-system "$work"
}
trap cleanup EXIT
mount -t tmpfs -o size=4g,mode=0755 sfdesk-install-test "$work"
mkdir -p "$work/upper" "$work/overlay-work" "$work/root" "$work/package"

step "building the package with cpack"
cpack --config "$build_dir/CPackConfig.cmake" -G DEB -B "$work/package" >"$work/cpack.log" 2>&1 \
    || { tail -n 30 "$work/cpack.log"; fail "cpack could not build the package"; }
deb=$(find "$work/package" -maxdepth 1 -name 'sfdesk_*.deb' | head -n 1)
[ -n "$deb" ] || fail "cpack wrote no sfdesk_*.deb"
mkdir -p "$build_dir/package"
cp "$deb" "$build_dir/package/"
step "built $(basename "$deb") ($(($(stat -c %s "$deb") / 1024)) KiB)"
dpkg-deb -f "$deb" Package Version Depends Recommends | sed 's/^/    /'

# The package as a whole: every executable with its man page, the app's modules (the simulator, the
# network, the editor's highlighting), the desktop file, metainfo and icon.
contents=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
for path in /usr/bin/sfdesk /usr/bin/sfsim /usr/bin/sfdesk-cloudinit /usr/lib/sfdesk/sfdesk-simulator.so \
    /usr/lib/sfdesk/sfdesk-network.so /usr/lib/sfdesk/sfdesk-highlighting.so \
    /usr/share/man/man1/sfdesk.1.gz /usr/share/man/man1/sfsim.1.gz /usr/share/man/man1/sfdesk-cloudinit.1.gz \
    /usr/share/applications/com.sfcompute.sfdesk.desktop /usr/share/metainfo/com.sfcompute.sfdesk.metainfo.xml \
    /usr/share/icons/hicolor/scalable/apps/com.sfcompute.sfdesk.svg; do
    grep -qxF "$path" <<<"$contents" || fail "the package does not contain $path"
done
depends=$(dpkg-deb -f "$deb" Depends)
for library in libqt6widgets6 libqt6core6 libqt6network6 libqt6sql6 libssh libyaml; do
    grep -q "$library" <<<"$depends" || fail "Depends does not name $library (computed: $depends)"
done

step "making a copy of the Debian 13 root (overlay over $base)"
mount -t overlay overlay -o "lowerdir=$base,upperdir=$work/upper,workdir=$work/overlay-work" "$work/root" \
    || fail "cannot mount an overlay over $base"
r=$work/root
mount -t proc proc "$r/proc"
mount -t sysfs sysfs "$r/sys"
mount --bind /dev "$r/dev"
mount -t devpts -o newinstance,ptmxmode=0666 devpts "$r/dev/pts" 2>/dev/null || mount --bind /dev/pts "$r/dev/pts"
mount -t tmpfs -o mode=1777 shm "$r/dev/shm"
mount -t tmpfs -o mode=1777 tmp "$r/tmp"
cp -L /etc/resolv.conf "$r/etc/resolv.conf" 2>/dev/null || true
cp "$deb" "$r/tmp/"
cp "$source_dir/tests/data/cloudinit/cases/valid-bootstrap.yaml" \
    "$source_dir/tests/data/cloudinit/cases/invalid-mixed.yaml" \
    "$source_dir/tests/data/cloudinit/test-key.pub" "$r/tmp/"

in_copy() {
    chroot "$r" /usr/bin/env -i HOME=/tmp/home LANG=C.UTF-8 XDG_RUNTIME_DIR=/tmp/runtime \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
        "$@"
}
in_copy mkdir -p -m 0700 /tmp/home /tmp/runtime

# What a root holds, apart from apt's and dpkg's own bookkeeping, logs and caches: the copy, and the
# root under it, in which the tests beside this one may write meanwhile; what changes there shows
# through the overlay but is not the package's doing. The Qt tests' own data folder (~/.qttest) is
# left out: its lock files come and go between the two listings, faster than they can be compared.
# So is /tmp, the other tests' scratch space (the copy's own /tmp is a tmpfs, which -xdev leaves
# out), and a file that another test removes while find reads its folder is passed over, not an
# error (-ignore_readdir_race).
list_files() { # runner: runs its arguments in the root to be listed
    "$@" find / -xdev -ignore_readdir_race \( -path /var/lib/apt -o -path /var/cache -o -path /var/log \
        -o -path /var/lib/dpkg/triggers -o -path /root/.qttest -o -path /tmp -o -name '*-old' \) -prune \
        -o -print | LC_ALL=C sort
}
in_base() { chroot "$base" /usr/bin/env -i PATH=/usr/bin:/bin "$@"; }
list_files in_copy >"$work/files-before"
list_files in_base >"$work/base-before"
installed_packages() { in_copy dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' | awk '$1 ~ /^.i/ {print $2}' | LC_ALL=C sort -u; }
installed_packages >"$work/packages-before"
step "the copy holds $(wc -l <"$work/files-before") files"

deb_in_copy=/tmp/$(basename "$deb")
if ! in_copy apt-get install -y -q --no-install-recommends -o Dpkg::Use-Pty=0 "$deb_in_copy" >"$work/apt.log" 2>&1; then
    # The package lists may be older than the mirror; fetch them once and try again.
    step "apt-get install failed with the current lists; running apt-get update"
    in_copy apt-get update -q >>"$work/apt.log" 2>&1 || { tail -n 20 "$work/apt.log"; fail "apt-get update failed"; }
    in_copy apt-get install -y -q --no-install-recommends -o Dpkg::Use-Pty=0 "$deb_in_copy" >>"$work/apt.log" 2>&1 \
        || { tail -n 30 "$work/apt.log"; fail "apt-get install of the package failed"; }
fi
in_copy dpkg-query -W -f='${Status} ${Version}\n' sfdesk | grep -q '^install ok installed' \
    || fail "dpkg does not list sfdesk as installed"
installed_packages >"$work/packages-installed"
step "installed with apt-get (new packages: $(comm -13 "$work/packages-before" "$work/packages-installed" | tr '\n' ' '))"

# QApplication wants a display even for --version; the offscreen platform stands in for it.
version=$(in_copy env QT_QPA_PLATFORM=offscreen sfdesk --version 2>&1) || fail "sfdesk --version failed: $version"
grep -q "^sfdesk [0-9]" <<<"$version" || fail "sfdesk --version printed: $version"
step "sfdesk --version: $version"

# The self-test on a real X server, with the dynamic loader reporting every object it loads
# (libraries and the Qt plugins loaded by name), so that each can be traced to a dependency.
in_copy env QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x800x24" \
    env LD_DEBUG=libs,files LD_DEBUG_OUTPUT=/tmp/ld sfdesk --self-test >"$work/self-test.log" 2>&1 \
    || { cat "$work/self-test.log"; fail "sfdesk --self-test under Xvfb failed"; }
grep -q "main window shown" "$work/self-test.log" || { cat "$work/self-test.log"; fail "the self-test did not report the window"; }
step "sfdesk --self-test under Xvfb: main window shown"

in_copy sfsim --help >/dev/null || fail "sfsim --help failed"
in_copy sfdesk-cloudinit validate /tmp/valid-bootstrap.yaml >"$work/validate.log" 2>&1 \
    || { cat "$work/validate.log"; fail "sfdesk-cloudinit validate rejected a valid file"; }
status=0
in_copy sfdesk-cloudinit validate /tmp/invalid-mixed.yaml >"$work/invalid.log" 2>&1 || status=$?
[ $status -eq 1 ] && grep -q ': error: ' "$work/invalid.log" \
    || { cat "$work/invalid.log"; fail "sfdesk-cloudinit validate did not reject an invalid file (status $status)"; }
in_copy sh -c 'sfdesk-cloudinit bootstrap --user ubuntu --key /tmp/test-key.pub >/tmp/bootstrap.yaml && sfdesk-cloudinit validate /tmp/bootstrap.yaml' \
    >"$work/bootstrap.log" 2>&1 || { cat "$work/bootstrap.log"; fail "a generated bootstrap does not validate"; }
step "sfsim --help, sfdesk-cloudinit validate (valid, invalid, generated bootstrap) behave"

in_copy desktop-file-validate /usr/share/applications/com.sfcompute.sfdesk.desktop \
    || fail "the installed desktop file is not valid"
in_copy appstreamcli validate --no-net /usr/share/metainfo/com.sfcompute.sfdesk.metainfo.xml >"$work/appstream.log" 2>&1 \
    || { cat "$work/appstream.log"; fail "the installed metainfo is not valid"; }

# Every object the self-test loaded comes from a package that sfdesk depends on, directly or not.
in_copy apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts --no-breaks \
    --no-replaces --no-enhances sfdesk | grep -v '^ ' | sed 's/:.*//' | LC_ALL=C sort -u >"$work/closure"
# Only sfdesk's own process: children it may start (a D-Bus launcher) are not its dependencies.
loaded=$(grep -lE 'needed by (/usr/bin/)?sfdesk \[0\]' "$r"/tmp/ld.* | xargs cat | sed -n 's/.*calling init: \(\/.*\)$/\1/p' | LC_ALL=C sort -u)
[ -n "$loaded" ] || fail "the dynamic loader reported no objects"
# One dpkg-query for all of them, by the path as loaded and by the path with symlinks resolved
# (merged /usr: /lib/x86_64-linux-gnu/libc.so.6 is registered as /usr/lib/...).
mapfile -t objects < <(grep -vx /usr/bin/sfdesk <<<"$loaded")
mapfile -t resolved < <(in_copy readlink -f "${objects[@]}" </dev/null)
in_copy dpkg-query -S "${objects[@]}" "${resolved[@]}" 2>/dev/null </dev/null \
    | grep -v '^diversion by' | sed 's/^\([^:,]*\)[^ ]* \(.*\)$/\2 \1/' >"$work/owners" || true
missing=""
for i in "${!objects[@]}"; do
    owner=$(awk -v p="${objects[$i]}" -v q="${resolved[$i]}" '$1 == p || $1 == q {print $2; exit}' "$work/owners")
    [ -n "$owner" ] || { missing+=" ${objects[$i]}(no package)"; continue; }
    grep -qxF "$owner" "$work/closure" || missing+=" ${objects[$i]}($owner)"
done
count=${#objects[@]}
[ -z "$missing" ] || fail "sfdesk loads objects whose packages it does not depend on:$missing"
step "all $count objects loaded by the self-test come from sfdesk's dependencies"

in_copy apt-get purge -y -q -o Dpkg::Use-Pty=0 sfdesk >"$work/purge.log" 2>&1 \
    || { tail -n 20 "$work/purge.log"; fail "apt-get purge failed"; }
# Dependencies that apt installed for the package go with it.
mapfile -t added < <(comm -13 "$work/packages-before" "$work/packages-installed" | grep -vx sfdesk || true)
if [ ${#added[@]} -gt 0 ]; then
    in_copy apt-get purge -y -q -o Dpkg::Use-Pty=0 "${added[@]}" >>"$work/purge.log" 2>&1 \
        || { tail -n 20 "$work/purge.log"; fail "apt-get purge of the added dependencies failed"; }
fi
if in_copy dpkg-query -W -f='${Status}\n' sfdesk 2>/dev/null | grep -q 'installed'; then
    fail "dpkg still lists sfdesk after the purge"
fi
list_files in_copy >"$work/files-after"
list_files in_base >"$work/base-after"
changes() { diff "$1" "$2" | grep '^[<>]' | LC_ALL=C sort || true; }
changes "$work/base-before" "$work/base-after" >"$work/base-changes"
changes "$work/files-before" "$work/files-after" | LC_ALL=C comm -23 - "$work/base-changes" >"$work/files-diff"
if [ -s "$work/base-changes" ]; then
    step "the root under the copy changed meanwhile ($(wc -l <"$work/base-changes") paths; not the package's)"
fi
if [ -s "$work/files-diff" ]; then
    cat "$work/files-diff"
    fail "the purge left the copy different from before (lines above: < missing, > left behind)"
fi
while read -r path; do
    [ -e "$r$path" ] && [ ! -d "$r$path" ] && fail "$path is still there after the purge"
done <<<"$contents"
step "purged; the file list matches the one before the install ($(wc -l <"$work/files-after") files)"
step "install test passed"
