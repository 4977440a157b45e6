#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fails when src/ runs an event loop inside another: a dialog, menu or message box exec(), the
# static QMessageBox, QFileDialog, QInputDialog, QColorDialog and QFontDialog getters (each runs
# exec()), a QEventLoop, processEvents() or a blocking waitFor...(). Anything the nested loop
# delivers may delete what called it (the dialog behind a question, say), which then returns into
# freed memory: dialogs open with open() or show() and answer through signals.
# Allowed: QApplication::exec() (or QCoreApplication's, QGuiApplication's) in src/app, the program's
# one loop, and SQL statements' exec() in sfsim (src/sim links Qt Core, Network, HttpServer and Sql,
# no widgets: its exec() calls are statements), and sfsim's joins of its own worker threads
# (QThreadPool::waitForDone, QFuture::waitForFinished: no events run while it waits, and sfsim
# has no window to freeze).
set -euo pipefail
src=${1:?usage: nested-loops-check.sh SOURCE_DIR}/src
[ -d "$src" ] || { echo "no src/ under $1"; exit 1; }

# Everywhere, sfsim included.
anywhere='\bQEventLoop\b|\bprocessEvents\s*\(|\bwaitFor[A-Z]\w*\s*\(|\bQ(MessageBox)::(question|warning|information|critical|about|aboutQt)\s*\(|\bQ(File|Input|Color|Font)Dialog::get\w+\s*\('
# Outside sfsim: any exec() but the application's.
outsideSim='\bexec\s*\('
application='\bQ(Core|Gui)?Application::exec\s*\(\s*\)'
simJoins='\bwaitFor(Done|Finished)\s*\('

findings=$(
    find "$src" \( -name '*.cpp' -o -name '*.h' \) -print0 | sort -z |
        xargs -0 perl -ne '
            BEGIN { ($anywhere, $outside, $app, $joins, $src) = splice(@ARGV, 0, 5); }
            my $line = $_;
            $line =~ s{//.*$}{};                 # comments say what the code does not
            $line =~ s{"(?:[^"\\]|\\.)*"}{""}g;  # nor do strings
            my $file = $ARGV;
            my $inSim = index($file, "$src/sim/") == 0;
            my $inApp = index($file, "$src/app/") == 0;
            my $rest = $line;
            $rest =~ s/$app//g if $inApp;
            my $waits = $line;
            $waits =~ s/$joins//g if $inSim;
            my $bad = $waits =~ /$anywhere/ || (!$inSim && $rest =~ /$outside/);
            print "$file:$.: $_" if $bad;
            close ARGV if eof;
        ' "$anywhere" "$outsideSim" "$application" "$simJoins" "$src"
)
if [ -n "$findings" ]; then
    printf '%s\n' "$findings" | sed "s|$src/|src/|"
    echo "nested event loops: $(printf '%s\n' "$findings" | wc -l) found (open dialogs with open() or show() and answer through signals)"
    exit 1
fi
echo "nested event loops: none in $(find "$src" \( -name '*.cpp' -o -name '*.h' \) | wc -l) files"
