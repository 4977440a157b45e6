#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when a catalogue has unfinished, obsolete or vanished entries, or when it does not match
# the strings in the sources: lupdate runs over copies of the committed catalogues, exactly as the
# update_translations target would, and the results must equal what is committed.
#
#   translations-check.sh SOURCE_DIR BUILD_DIR LUPDATE LCONVERT GENERATE_PROJECT_SCRIPT
set -euo pipefail
source_dir=$1
build_dir=$2
lupdate=$3
lconvert=$4
generate=$5
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

status=0
de="$source_dir/i18n/sfdesk_de.ts"
en="$source_dir/i18n/sfdesk_en.ts"

# German: every message translated, nothing left over from strings that are gone.
for catalogue in "$de" "$en"; do
    name=${catalogue#"$source_dir"/}
    unfinished=$(grep -c 'type="unfinished"' "$catalogue" || true)
    obsolete=$(grep -cE 'type="(obsolete|vanished)"' "$catalogue" || true)
    if [ "$unfinished" -gt 0 ] || [ "$obsolete" -gt 0 ]; then
        echo "$name: $unfinished unfinished and $obsolete obsolete entries, for example:"
        grep -B4 -E 'type="(unfinished|obsolete|vanished)"' "$catalogue" | grep '<source>' | head -20
        status=1
    fi
done
# English is the source language: its catalogue holds only the plural forms (%n), and must have some.
if ! grep -q 'numerus="yes"' "$en"; then
    echo "i18n/sfdesk_en.ts has no plural forms; run the update_translations target"
    status=1
fi

# Regenerate both catalogues from the sources into copies, as the update_translations target does.
project_cmake="$build_dir/.lupdate/sfdesk_lupdate_project.cmake"
[ -f "$project_cmake" ] || { echo "no lupdate project at $project_cmake: configure the build first"; exit 1; }
cmake -DIN_FILE="$project_cmake" -DOUT_FILE="$work/project.json" -P "$generate" >/dev/null
cp "$de" "$work/sfdesk_de.ts"
cp "$en" "$work/sfdesk_en_raw.ts"
"$lupdate" -silent -no-obsolete -locations none -project "$work/project.json" \
    -ts "$work/sfdesk_de.ts" "$work/sfdesk_en_raw.ts" >"$work/lupdate.log" 2>&1 \
    || { cat "$work/lupdate.log"; echo "lupdate failed"; exit 1; }
"$lconvert" -pluralonly -i "$work/sfdesk_en_raw.ts" -o "$work/sfdesk_en.ts"
for name in sfdesk_de.ts sfdesk_en.ts; do
    if ! diff -u "$source_dir/i18n/$name" "$work/$name" >"$work/diff"; then
        echo "i18n/$name does not match the sources (lines with + are what lupdate would write):"
        head -60 "$work/diff"
        echo "Update it with: cmake --build --preset dev --target update_translations, then translate"
        status=1
    fi
done
if [ $status -eq 0 ]; then
    echo "translations: $(grep -c '<source>' "$de") German messages complete and current," \
        "$(grep -c 'numerus="yes"' "$en") English plural forms"
fi
exit $status
