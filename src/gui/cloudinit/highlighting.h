// SPDX-License-Identifier: Apache-2.0

#pragma once

// The cloud-init editor's colours come from KSyntaxHighlighting, in the module
// sfdesk-highlighting.so (highlightingmodule.cpp), loaded when the first editor is made rather than
// linked: KSyntaxHighlighting brings Qt Network, which the app does not load before its window
// shows. What crosses is this header: Qt's value types and one abstract class without a
// meta-object. Without the module an editor works, without colours.

#include <QRgb>
#include <QString>
#include <QtGlobal>

#include <memory>

class QTextDocument;

namespace sfdesk::HighlightingModule {

// Raised whenever anything in this header changes: the app refuses a module of another version.
inline constexpr int InterfaceVersion = 1;

// The module's one exported symbol, a CreateFunction.
inline constexpr char CreateFunctionName[] = "sfdesk_highlighting_create";

// The colours of a theme that an editor paints itself with.
struct Colors
{
    QRgb background = 0;
    QRgb selection = 0;
    QRgb text = 0;
    QRgb markError = 0;
    QRgb currentLine = 0;
    QRgb iconBorder = 0;
    QRgb lineNumbers = 0;
    QRgb currentLineNumber = 0;
    QRgb codeFolding = 0;
};

// Highlights one document (a QSyntaxHighlighter on it, which the document owns).
class Highlighter
{
public:
    Highlighter() = default;
    virtual ~Highlighter() = default;
    Q_DISABLE_COPY_MOVE(Highlighter)

    // The syntax definition's name ("YAML", "Bash"); empty before one is set.
    virtual QString definitionName() const = 0;
    // The definition of that name, and the document highlighted again.
    virtual void setDefinition(const QString& name) = 0;
    // The light or dark default theme, the document highlighted again; its colours.
    virtual Colors setTheme(bool dark) = 0;
};

// A highlighter on `document`, or null when the module's interfaceVersion is another.
using CreateFunction = Highlighter* (*)(int interfaceVersion, QTextDocument* document);

// A highlighter from the module (beside the executable, or in ../lib/sfdesk from it), loaded on the
// first call; null with *why when the module cannot be loaded.
std::unique_ptr<Highlighter> create(QTextDocument* document, QString* why);

} // namespace sfdesk::HighlightingModule
