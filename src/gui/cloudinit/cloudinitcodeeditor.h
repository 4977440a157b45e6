// SPDX-License-Identifier: Apache-2.0

#pragma once

#include "core/cloudinit/diagnostic.h"
#include "gui/cloudinit/highlighting.h"

#include <QPlainTextEdit>

#include <memory>
#include <optional>

class QCompleter;
class QStringListModel;

namespace sfdesk {

class CloudInitCodeEditorSidebar;

// A YAML editor in the structure of KSyntaxHighlighting's example code editor: line numbers and fold
// markers in a sidebar, the current line, a theme that follows the palette. It adds diagnostics
// underlined in place, folding from the YAML structure, schema key completion and hover help.
class CloudInitCodeEditor final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CloudInitCodeEditor)

public:
    explicit CloudInitCodeEditor(QWidget* parent = nullptr);
    ~CloudInitCodeEditor() override;

    // Loads the highlighting module and its syntax definitions (costly, once), as the first editor
    // does; without the module, editors have no syntax colours.
    static void loadHighlighting();

    void setDiagnostics(const QList<CloudInit::Diagnostic>& diagnostics);
    const QList<CloudInit::Diagnostic>& diagnostics() const { return m_diagnostics; }
    // The line ranges (0-based, inclusive) that can fold in a text, nullopt when it does not parse.
    // Thread-safe, so that the parse can run beside validation, off the UI thread.
    static std::optional<QList<QPair<int, int>>> foldRangesOf(QByteArrayView utf8);
    void setFoldRanges(const QList<QPair<int, int>>& ranges);
    // Line ranges (0-based, inclusive) that can fold, from the last text that parsed.
    QList<QPair<int, int>> foldRanges() const { return m_foldRanges; }
    bool isFolded(int line) const;
    void toggleFold(int line);

    // Text positions for engine marks (line and column in characters).
    int positionOf(const CloudInit::Mark& mark) const;
    void moveTo(const CloudInit::Mark& mark);
    // Applies a quick fix as one undoable edit.
    void applyFix(const CloudInit::QuickFix& fix);
    // The diagnostic under a text position, if any (errors first).
    const CloudInit::Diagnostic* diagnosticAt(int position) const;
    // Opens the completion popup for the schema keys that fit at the cursor.
    void complete();
    QCompleter* completer() const { return m_completer; }
    // The hover text for a text position: a diagnostic's message or the schema's help for a key.
    QString helpAt(int position) const;
    QString syntaxName() const;

protected:
    void resizeEvent(QResizeEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    bool viewportEvent(QEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    // A key being typed at the start of the cursor's line, up to the cursor.
    bool typingKey() const;
    friend class CloudInitCodeEditorSidebar;

    int sidebarWidth() const;
    void sidebarPaintEvent(QPaintEvent* event);
    void updateSidebarGeometry();
    void updateSidebarArea(const QRect& rect, int dy);
    void updateExtraSelections();
    void applyThemeForPalette();
    void updateDefinition();
    void insertCompletion(const QString& key);
    QString wordBeforeCursor() const;
    void unfoldAll();

    // Null without the highlighting module (highlighting.h).
    std::unique_ptr<HighlightingModule::Highlighter> m_highlighter;
    CloudInitCodeEditorSidebar* m_sidebar;
    QCompleter* m_completer;
    // A completion waits for the schema's compile (complete()).
    bool m_completionPending = false;
    QStringListModel* m_completionModel;
    QList<CloudInit::Diagnostic> m_diagnostics;
    QList<QPair<int, int>> m_foldRanges;
    QList<int> m_folded;
    QColor m_errorColor;
    QColor m_warningColor;
    QColor m_infoColor;
    QColor m_currentLineColor;
    bool m_applyingTheme = false;
};

} // namespace sfdesk
