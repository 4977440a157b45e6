// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/highlighting.h"

#include "core/util/modulepath.h"

#include <QDir>
#include <QLibrary>

namespace sfdesk::HighlightingModule {

std::unique_ptr<Highlighter> create(QTextDocument* document, QString* why)
{
    // Loaded once, on the UI thread, for the rest of the process; a module that did not load is
    // not tried again.
    static QString problem;
    static CreateFunction createHighlighter = []() -> CreateFunction {
        const QString path = ModulePath::find(QStringLiteral("sfdesk-highlighting.so"));
        QLibrary library(path);
        library.setLoadHints(QLibrary::PreventUnloadHint | QLibrary::ResolveAllSymbolsHint);
        if (!library.load()) {
            problem = QStringLiteral("%1 could not be loaded: %2")
                          .arg(QDir::toNativeSeparators(path), library.errorString());
            return nullptr;
        }
        const auto function = reinterpret_cast<CreateFunction>(library.resolve(CreateFunctionName));
        if (!function)
            problem = QStringLiteral("%1 is not the highlighting module: %2")
                          .arg(QDir::toNativeSeparators(path), library.errorString());
        return function;
    }();
    std::unique_ptr<Highlighter> highlighter(createHighlighter ? createHighlighter(InterfaceVersion, document)
                                                               : nullptr);
    if (!highlighter && why)
        *why = createHighlighter ? QStringLiteral("the highlighting module is of another version") : problem;
    return highlighter;
}

} // namespace sfdesk::HighlightingModule
