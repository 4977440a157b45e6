#!/usr/bin/env bash
# Fails when the German catalogue is incomplete (unfinished, obsolete or vanished entries) or when
# the committed catalogues do not match the strings in the sources (lupdate is run into a copy).
set -euo pipefail
source_dir=$1
build_dir=$2
lupdate=$(command -v lupdate || ls /usr/lib/qt6/bin/lupdate 2>/dev/null || true)
[ -n "$lupdate" ] || { echo "lupdate is not installed"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
de="$source_dir/i18n/sfdesk_de.ts"
unfinished=$(grep -c 'type="unfinished"' "$de" || true)
obsolete=$(grep -cE 'type="(obsolete|vanished)"' "$de" || true)
if [ "$unfinished" -gt 0 ] || [ "$obsolete" -gt 0 ]; then
    echo "i18n/sfdesk_de.ts: $unfinished unfinished and $obsolete obsolete entries"
    grep -B3 'type="unfinished"' "$de" | grep '<source>' | head -20
    status=1
fi

# Regenerate the catalogue from the sources into a copy and compare the source strings.
cp "$de" "$work/sfdesk_de.ts"
"$lupdate" -silent -no-obsolete -locations none @"$build_dir/.lupdate/sfdesk_lupdate_project.json" \
    -ts "$work/sfdesk_de.ts" >/dev/null 2>&1 \
    || "$lupdate" -silent -no-obsolete -locations none -extensions cpp,h,ui \
        "$source_dir/src" "$source_dir/ui" -ts "$work/sfdesk_de.ts" >/dev/null
extract() { grep -o '<source>.*</source>' "$1" | sort; }
if ! diff <(extract "$de") <(extract "$work/sfdesk_de.ts") >"$work/diff"; then
    echo "i18n/sfdesk_de.ts does not match the sources; run the update_translations target:"
    head -40 "$work/diff"
    status=1
fi
[ $status -eq 0 ] && echo "translations: $(grep -c '<source>' "$de") German strings, complete and current"
exit $status
