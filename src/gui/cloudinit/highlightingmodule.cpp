// SPDX-License-Identifier: Apache-2.0

// The highlighting module (sfdesk-highlighting.so): KSyntaxHighlighting behind
// HighlightingModule's interface (highlighting.h).

#include "gui/cloudinit/highlighting.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QPointer>
#include <QTextDocument>

#include <type_traits>

namespace {

using namespace sfdesk;
using KSyntaxHighlighting::Repository;
using KSyntaxHighlighting::Theme;

// The one repository of the process (loading one is costly).
Repository& repository()
{
    static Repository repository;
    return repository;
}

class ModuleHighlighter final : public HighlightingModule::Highlighter
{
public:
    explicit ModuleHighlighter(QTextDocument* document)
        : m_highlighter(new KSyntaxHighlighting::SyntaxHighlighter(document))
    {}

    QString definitionName() const override
    {
        return m_highlighter ? m_highlighter->definition().name() : QString();
    }

    void setDefinition(const QString& name) override
    {
        if (!m_highlighter)
            return;
        m_highlighter->setDefinition(repository().definitionForName(name));
        m_highlighter->rehighlight();
    }

    HighlightingModule::Colors setTheme(bool dark) override
    {
        const Theme theme = repository().defaultTheme(dark ? Repository::DarkTheme : Repository::LightTheme);
        if (m_highlighter) {
            m_highlighter->setTheme(theme);
            m_highlighter->rehighlight();
        }
        HighlightingModule::Colors colors;
        colors.background = theme.editorColor(Theme::BackgroundColor);
        colors.selection = theme.editorColor(Theme::TextSelection);
        colors.text = theme.textColor(Theme::Normal);
        colors.markError = theme.editorColor(Theme::MarkError);
        colors.currentLine = theme.editorColor(Theme::CurrentLine);
        colors.iconBorder = theme.editorColor(Theme::IconBorder);
        colors.lineNumbers = theme.editorColor(Theme::LineNumbers);
        colors.currentLineNumber = theme.editorColor(Theme::CurrentLineNumber);
        colors.codeFolding = theme.editorColor(Theme::CodeFolding);
        return colors;
    }

private:
    // The document owns it.
    QPointer<KSyntaxHighlighting::SyntaxHighlighter> m_highlighter;
};

} // namespace

extern "C" Q_DECL_EXPORT sfdesk::HighlightingModule::Highlighter*
sfdesk_highlighting_create(int interfaceVersion, QTextDocument* document)
{
    if (interfaceVersion != sfdesk::HighlightingModule::InterfaceVersion)
        return nullptr;
    return new ModuleHighlighter(document);
}

// The declaration the app resolves by name has this type.
static_assert(
    std::is_same_v<decltype(&sfdesk_highlighting_create), sfdesk::HighlightingModule::CreateFunction>);
