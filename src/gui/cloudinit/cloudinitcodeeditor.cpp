// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/cloudinitcodeeditor.h"

#include "common/constvalue.h"
#include "common/logging.h"
#include "core/cloudinit/cloudconfigschema.h"
#include "core/cloudinit/validator.h"
#include "core/util/plaintext.h"
#include "gui/cloudinit/highlighting.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCompleter>
#include <QContextMenuEvent>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QMenu>
#include <QPainter>
#include <QPainterPath>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSet>
#include <QStringListModel>
#include <QTextBlock>
#include <QTextDocument>
#include <QTimer>
#include <QToolTip>

#include <utility>

namespace sfdesk {

using namespace Qt::StringLiterals;

class CloudInitCodeEditorSidebar final : public QWidget
{
public:
    explicit CloudInitCodeEditorSidebar(CloudInitCodeEditor* editor)
        : QWidget(editor)
        , m_editor(editor)
    {
        setObjectName(u"cloudInitSidebar"_s);
    }
    Q_DISABLE_COPY_MOVE(CloudInitCodeEditorSidebar)

    QSize sizeHint() const override { return {m_editor->sidebarWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_editor->sidebarPaintEvent(event); }
    void mouseReleaseEvent(QMouseEvent* event) override
    {
        if (event->position().x() < width() - m_editor->fontMetrics().lineSpacing())
            return;
        const QTextBlock block = m_editor->cursorForPosition(QPoint(0, int(event->position().y()))).block();
        m_editor->toggleFold(block.blockNumber());
    }

private:
    CloudInitCodeEditor* m_editor;
};

namespace {

// Fold ranges from the YAML structure: a key whose block value spans lines, a list item that does,
// and multi-line block scalars.
void collectFolds(const CloudInit::YamlNode& node, QList<QPair<int, int>>& out)
{
    const auto lastLine = [](const CloudInit::YamlNode& n) {
        int line = n.range.end.line;
        if (n.range.end.column == 0 && line > n.range.start.line)
            --line;
        return line;
    };
    if (node.kind == CloudInit::YamlNode::Kind::Mapping) {
        for (const auto& entry : node.entries) {
            const CloudInit::YamlNode& value = *entry.value;
            const int start = entry.key->range.start.line;
            const int end = lastLine(value);
            if (end > start && value.style != CloudInit::YamlNode::Style::Flow)
                out.append({start, end});
            collectFolds(value, out);
        }
    } else if (node.kind == CloudInit::YamlNode::Kind::Sequence) {
        for (const auto& item : node.items) {
            const int start = item->range.start.line;
            const int end = lastLine(*item);
            if (end > start && item->kind == CloudInit::YamlNode::Kind::Mapping)
                out.append({start, end});
            collectFolds(*item, out);
        }
    }
}

} // namespace

void CloudInitCodeEditor::loadHighlighting()
{
    QTextDocument document;
    // The module, and in it the syntax definitions, load with the first highlighter.
    const std::unique_ptr<HighlightingModule::Highlighter> highlighter =
        HighlightingModule::create(&document, nullptr);
    if (highlighter)
        highlighter->setDefinition(u"YAML"_s);
}

CloudInitCodeEditor::CloudInitCodeEditor(QWidget* parent)
    : QPlainTextEdit(parent)
    , m_sidebar(new CloudInitCodeEditorSidebar(this))
    , m_completer(new QCompleter(this))
    , m_completionModel(new QStringListModel(this))
{
    setObjectName(u"cloudInitEditor"_s);
    QString why;
    m_highlighter = HighlightingModule::create(document(), &why);
    // Said once: every editor after the first would say the same.
    static bool told = false;
    if (!m_highlighter && !std::exchange(told, true))
        qCWarning(lcUi).noquote() << "The cloud-init editor shows no syntax colours:" << why;
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTabChangesFocus(false);
    setTabStopDistance(fontMetrics().horizontalAdvance(u' ') * 2);

    m_completer->setModel(m_completionModel);
    m_completer->setWidget(this);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->popup()->setObjectName(u"cloudInitCompletionPopup"_s);
    connect(m_completer, qOverload<const QString&>(&QCompleter::activated), this,
            &CloudInitCodeEditor::insertCompletion);

    applyThemeForPalette();
    updateDefinition();

    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] {
        unfoldAll();
        updateSidebarGeometry();
    });
    connect(this, &QPlainTextEdit::updateRequest, this, &CloudInitCodeEditor::updateSidebarArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &CloudInitCodeEditor::updateExtraSelections);
    connect(document(), &QTextDocument::contentsChange, this, [this](int position, int, int) {
        if (position <= document()->firstBlock().length())
            updateDefinition();
    });
    updateSidebarGeometry();
    updateExtraSelections();
}

CloudInitCodeEditor::~CloudInitCodeEditor() = default;

QString CloudInitCodeEditor::syntaxName() const
{
    return m_highlighter ? m_highlighter->definitionName() : QString();
}

void CloudInitCodeEditor::updateDefinition()
{
    const bool script = document()->firstBlock().text().startsWith(u"#!"_s);
    const QString wanted = script ? u"Bash"_s : u"YAML"_s;
    if (!m_highlighter || m_highlighter->definitionName() == wanted)
        return;
    m_highlighter->setDefinition(wanted);
}

void CloudInitCodeEditor::applyThemeForPalette()
{
    if (m_applyingTheme)
        return;
    m_applyingTheme = true;
    // Follow the application's palette (light or dark), not this widget's, which the theme recolours.
    const QPalette base = QApplication::palette(this);
    const bool dark = base.color(QPalette::Base).lightness() < 128;
    // Without the highlighting module: no theme, the palette's own colours.
    HighlightingModule::Colors colors;
    colors.background = base.color(QPalette::Base).rgba();
    colors.selection = base.color(QPalette::Highlight).rgba();
    colors.text = base.color(QPalette::Text).rgba();
    colors.markError = dark ? qRgb(0xf4, 0x43, 0x36) : qRgb(0xc6, 0x28, 0x28);
    colors.currentLine = base.color(QPalette::AlternateBase).rgba();
    colors.iconBorder = base.color(QPalette::Window).rgba();
    colors.lineNumbers = base.color(QPalette::PlaceholderText).rgba();
    colors.currentLineNumber = base.color(QPalette::Text).rgba();
    colors.codeFolding = base.color(QPalette::Highlight).rgba();
    if (m_highlighter) {
        colors = m_highlighter->setTheme(dark);
        // Only the roles the theme owns: a palette with every role set would no longer follow the
        // application's, and a switch to dark would leave the editor light.
        QPalette pal;
        pal.setColor(QPalette::Base, QColor::fromRgba(colors.background));
        pal.setColor(QPalette::Highlight, QColor::fromRgba(colors.selection));
        pal.setColor(QPalette::Text, QColor::fromRgba(colors.text));
        setPalette(pal);
    }
    // Errors in the theme's colour; warnings amber and notes blue in every theme (Breeze's
    // MarkWarning is green, which reads as "fine").
    m_errorColor = QColor::fromRgba(colors.markError);
    m_warningColor = dark ? QColor(0xf6, 0xb2, 0x2c) : QColor(0xd0, 0x8a, 0x00);
    m_infoColor = dark ? QColor(0x5d, 0xa9, 0xf6) : QColor(0x1d, 0x6f, 0xd6);
    m_currentLineColor = QColor::fromRgba(colors.currentLine);
    m_sidebar->setProperty("iconBorder", QColor::fromRgba(colors.iconBorder));
    m_sidebar->setProperty("lineNumbers", QColor::fromRgba(colors.lineNumbers));
    m_sidebar->setProperty("currentLineNumber", QColor::fromRgba(colors.currentLineNumber));
    m_sidebar->setProperty("codeFolding", QColor::fromRgba(colors.codeFolding));
    updateExtraSelections();
    m_sidebar->update();
    m_applyingTheme = false;
}

void CloudInitCodeEditor::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange)
        applyThemeForPalette();
}

int CloudInitCodeEditor::sidebarWidth() const
{
    int digits = 1;
    for (int count = blockCount(); count >= 10; count /= 10)
        ++digits;
    // Room for a diagnostic dot, the numbers and the fold marker.
    return 4 + fontMetrics().lineSpacing() / 2 + digits * fontMetrics().horizontalAdvance(u'9')
           + fontMetrics().lineSpacing();
}

void CloudInitCodeEditor::updateSidebarGeometry()
{
    setViewportMargins(sidebarWidth(), 0, 0, 0);
    const QRect r = contentsRect();
    m_sidebar->setGeometry(QRect(r.left(), r.top(), sidebarWidth(), r.height()));
    m_sidebar->update();
}

void CloudInitCodeEditor::updateSidebarArea(const QRect& rect, int dy)
{
    if (dy)
        m_sidebar->scroll(0, dy);
    else
        m_sidebar->update(0, rect.y(), m_sidebar->width(), rect.height());
}

void CloudInitCodeEditor::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    updateSidebarGeometry();
}

void CloudInitCodeEditor::sidebarPaintEvent(QPaintEvent* event)
{
    QPainter painter(m_sidebar);
    painter.fillRect(event->rect(), m_sidebar->property("iconBorder").value<QColor>());

    QTextBlock block = firstVisibleBlock();
    int blockNumber = block.blockNumber();
    int top = int(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + int(blockBoundingRect(block).height());
    const int currentBlockNumber = textCursor().blockNumber();
    const int foldWidth = fontMetrics().lineSpacing();
    const int markWidth = fontMetrics().lineSpacing() / 2;

    // The worst diagnostic per line, for the marks in the gutter.
    QHash<int, CloudInit::Severity> marks;
    for (const CloudInit::Diagnostic& d : std::as_const(m_diagnostics)) {
        const int line = d.range.start.line;
        if (!marks.contains(line) || int(d.severity) < int(marks.value(line)))
            marks.insert(line, d.severity);
    }

    QFont font = painter.font();
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const QString number = QString::number(blockNumber + 1);
            const bool current = blockNumber == currentBlockNumber;
            font.setBold(current);
            painter.setFont(font);
            painter.setPen(
                m_sidebar->property(current ? "currentLineNumber" : "lineNumbers").value<QColor>());
            painter.drawText(markWidth, top, m_sidebar->width() - markWidth - foldWidth,
                             fontMetrics().height(), Qt::AlignRight, number);
            if (marks.contains(blockNumber)) {
                const CloudInit::Severity severity = marks.value(blockNumber);
                const QColor color = severity == CloudInit::Severity::Error     ? m_errorColor
                                     : severity == CloudInit::Severity::Warning ? m_warningColor
                                                                                : m_infoColor;
                painter.setRenderHint(QPainter::Antialiasing);
                painter.setPen(Qt::NoPen);
                painter.setBrush(color);
                const int size = markWidth - 1;
                painter.drawEllipse(QRectF(2, top + (fontMetrics().height() - size) / 2.0, size, size));
            }
            const auto fold = std::find_if(m_foldRanges.cbegin(), m_foldRanges.cend(),
                                           [blockNumber](const auto& r) { return r.first == blockNumber; });
            if (fold != m_foldRanges.cend()) {
                const bool folded = m_folded.contains(blockNumber);
                painter.setRenderHint(QPainter::Antialiasing);
                painter.setPen(Qt::NoPen);
                painter.setBrush(m_sidebar->property("codeFolding").value<QColor>());
                const qreal x = m_sidebar->width() - foldWidth;
                const qreal s = foldWidth;
                QPainterPath path;
                if (folded) {
                    path.moveTo(x + s * 0.3, top + s * 0.25);
                    path.lineTo(x + s * 0.75, top + s * 0.5);
                    path.lineTo(x + s * 0.3, top + s * 0.75);
                } else {
                    path.moveTo(x + s * 0.25, top + s * 0.3);
                    path.lineTo(x + s * 0.75, top + s * 0.3);
                    path.lineTo(x + s * 0.5, top + s * 0.75);
                }
                painter.drawPath(path);
            }
        }
        block = block.next();
        top = bottom;
        bottom = top + int(blockBoundingRect(block).height());
        ++blockNumber;
    }
}

std::optional<QList<QPair<int, int>>> CloudInitCodeEditor::foldRangesOf(QByteArrayView utf8)
{
    const CloudInit::YamlDocument parsed = CloudInit::parseYaml(utf8);
    if (!parsed.root)
        return std::nullopt;
    QList<QPair<int, int>> ranges;
    collectFolds(*parsed.root, ranges);
    // One range per start line: the outermost.
    QList<QPair<int, int>> unique;
    QSet<int> starts;
    for (const auto& range : std::as_const(ranges)) {
        if (!starts.contains(range.first)) {
            starts.insert(range.first);
            unique.append(range);
        }
    }
    return unique;
}

void CloudInitCodeEditor::setFoldRanges(const QList<QPair<int, int>>& ranges)
{
    m_foldRanges = ranges;
    m_sidebar->update();
}

bool CloudInitCodeEditor::isFolded(int line) const
{
    return m_folded.contains(line);
}

void CloudInitCodeEditor::toggleFold(int line)
{
    const auto range = std::find_if(m_foldRanges.cbegin(), m_foldRanges.cend(),
                                    [line](const auto& r) { return r.first == line; });
    if (range == m_foldRanges.cend())
        return;
    const bool fold = !m_folded.contains(line);
    QTextBlock block = document()->findBlockByNumber(range->first + 1);
    const QTextBlock last = document()->findBlockByNumber(range->second);
    while (block.isValid()) {
        block.setVisible(!fold);
        block.setLineCount(fold ? 0 : qMax(1, block.layout()->lineCount()));
        if (block == last)
            break;
        block = block.next();
    }
    if (fold)
        m_folded.append(line);
    else
        m_folded.removeAll(line);
    // Put the cursor on the visible line so typing never goes into hidden text.
    if (fold) {
        const int cursorLine = textCursor().blockNumber();
        if (cursorLine > range->first && cursorLine <= range->second)
            moveTo({range->first, 0});
    }
    document()->markContentsDirty(document()->findBlockByNumber(range->first).position(),
                                  last.position() + last.length()
                                      - document()->findBlockByNumber(range->first).position());
    Q_EMIT document()->documentLayout()->documentSizeChanged(document()->documentLayout()->documentSize());
    viewport()->update();
    m_sidebar->update();
}

void CloudInitCodeEditor::unfoldAll()
{
    if (m_folded.isEmpty())
        return;
    for (QTextBlock block = document()->firstBlock(); block.isValid(); block = block.next()) {
        if (!block.isVisible()) {
            block.setVisible(true);
            block.setLineCount(qMax(1, block.layout()->lineCount()));
        }
    }
    m_folded.clear();
    document()->markContentsDirty(0, document()->characterCount());
}

int CloudInitCodeEditor::positionOf(const CloudInit::Mark& mark) const
{
    const QTextBlock block = document()->findBlockByNumber(mark.line);
    if (!block.isValid())
        return qMax(0, document()->characterCount() - 1);
    // Marks count characters; the document counts UTF-16 units.
    const QString text = block.text();
    int units = 0;
    for (int chars = 0; chars < mark.column && units < text.size(); ++chars)
        units += text.at(units).isHighSurrogate() && units + 1 < text.size() ? 2 : 1;
    return block.position() + units;
}

void CloudInitCodeEditor::moveTo(const CloudInit::Mark& mark)
{
    QTextCursor cursor(document());
    cursor.setPosition(positionOf(mark));
    setTextCursor(cursor);
    centerCursor();
}

void CloudInitCodeEditor::applyFix(const CloudInit::QuickFix& fix)
{
    QList<CloudInit::TextEdit> edits = fix.edits;
    std::sort(edits.begin(), edits.end(), [](const auto& a, const auto& b) {
        return std::tie(a.range.start.line, a.range.start.column)
               > std::tie(b.range.start.line, b.range.start.column);
    });
    QTextCursor cursor(document());
    cursor.beginEditBlock();
    for (const CloudInit::TextEdit& edit : std::as_const(edits)) {
        cursor.setPosition(positionOf(edit.range.start));
        cursor.setPosition(positionOf(edit.range.end), QTextCursor::KeepAnchor);
        cursor.insertText(edit.newText);
    }
    cursor.endEditBlock();
}

const CloudInit::Diagnostic* CloudInitCodeEditor::diagnosticAt(int position) const
{
    const CloudInit::Diagnostic* found = nullptr;
    for (const CloudInit::Diagnostic& d : m_diagnostics) {
        const int start = positionOf(d.range.start);
        const int end = qMax(start + 1, positionOf(d.range.end));
        if (position >= start && position <= end && (!found || int(d.severity) < int(found->severity)))
            found = &d;
    }
    return found;
}

void CloudInitCodeEditor::setDiagnostics(const QList<CloudInit::Diagnostic>& diagnostics)
{
    m_diagnostics = diagnostics;
    updateExtraSelections();
    m_sidebar->update();
}

void CloudInitCodeEditor::updateExtraSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    QTextEdit::ExtraSelection current;
    current.format.setBackground(m_currentLineColor);
    current.format.setProperty(QTextFormat::FullWidthSelection, true);
    current.cursor = textCursor();
    current.cursor.clearSelection();
    selections.append(current);
    // Infos first so that errors paint on top.
    QList<CloudInit::Diagnostic> ordered = m_diagnostics;
    std::stable_sort(ordered.begin(), ordered.end(),
                     [](const auto& a, const auto& b) { return int(a.severity) > int(b.severity); });
    for (const CloudInit::Diagnostic& d : std::as_const(ordered)) {
        QTextEdit::ExtraSelection selection;
        const QColor color = d.severity == CloudInit::Severity::Error     ? m_errorColor
                             : d.severity == CloudInit::Severity::Warning ? m_warningColor
                                                                          : m_infoColor;
        selection.format.setUnderlineStyle(d.severity == CloudInit::Severity::Info
                                               ? QTextCharFormat::DotLine
                                               : QTextCharFormat::WaveUnderline);
        selection.format.setUnderlineColor(color);
        selection.format.setToolTip(PlainText::toolTip(d.message));
        selection.cursor = QTextCursor(document());
        int start = positionOf(d.range.start);
        int end = positionOf(d.range.end);
        if (end <= start || d.range.end.line != d.range.start.line) {
            // Underline the rest of the start line (at least one character).
            const QTextBlock block = document()->findBlock(start);
            end = qMax(start + 1, block.position() + block.length() - 1);
        }
        selection.cursor.setPosition(start);
        selection.cursor.setPosition(qMin(end, document()->characterCount() - 1), QTextCursor::KeepAnchor);
        selections.append(selection);
    }
    setExtraSelections(selections);
}

QString CloudInitCodeEditor::wordBeforeCursor() const
{
    const QTextCursor cursor = textCursor();
    const QString line = cursor.block().text().left(cursor.positionInBlock());
    static const QRegularExpression word(u"[A-Za-z0-9_-]*$"_s);
    return word.match(line).captured(0);
}

// A key being typed at the start of a line, up to the cursor: the place where keys are offered.
bool CloudInitCodeEditor::typingKey() const
{
    static const QRegularExpression key(u"^\\s*(-\\s+)?[A-Za-z_][A-Za-z0-9_-]*$"_s);
    const QTextCursor cursor = textCursor();
    return key.match(cursor.block().text().left(cursor.positionInBlock())).hasMatch();
}

void CloudInitCodeEditor::complete()
{
    // The schema compiles on a worker as the page opens; typing never waits for it: the keys are
    // offered as soon as it is there, if a key is still being typed.
    const CloudInit::CloudConfigSchema* schema = CloudInit::CloudConfigSchema::bundledIfReady();
    if (!schema) {
        if (!m_completionPending) {
            m_completionPending = true;
            QTimer::singleShot(50, this, [this] {
                m_completionPending = false;
                if (hasFocus() && typingKey())
                    complete();
            });
        }
        return;
    }
    const QTextCursor cursor = textCursor();
    const QString prefix = wordBeforeCursor();
    const int column = cursor.positionInBlock() - int(prefix.size());
    const QStringList path = CloudInit::keyPathAt(toPlainText(), cursor.blockNumber(), column);
    QStringList names;
    for (const auto& key : constValue(schema->keysAt(path))) {
        if (!key.deprecated)
            names.append(key.name);
    }
    m_completionModel->setStringList(names);
    m_completer->setCompletionPrefix(prefix);
    if (m_completer->completionCount() == 0) {
        m_completer->popup()->hide();
        return;
    }
    m_completer->popup()->setCurrentIndex(m_completer->completionModel()->index(0, 0));
    QRect rect = cursorRect();
    rect.translate(viewportMargins().left(), 0);
    rect.setWidth(m_completer->popup()->sizeHintForColumn(0)
                  + m_completer->popup()->verticalScrollBar()->sizeHint().width() + 16);
    m_completer->complete(rect);
}

void CloudInitCodeEditor::insertCompletion(const QString& key)
{
    QTextCursor cursor = textCursor();
    const QString prefix = wordBeforeCursor();
    cursor.movePosition(QTextCursor::Left, QTextCursor::KeepAnchor, int(prefix.size()));
    const QString rest = cursor.block().text().mid(textCursor().positionInBlock());
    cursor.insertText(rest.trimmed().startsWith(u':') ? key : key + u": "_s);
    setTextCursor(cursor);
}

void CloudInitCodeEditor::keyPressEvent(QKeyEvent* event)
{
    if (m_completer->popup()->isVisible()) {
        switch (event->key()) {
        case Qt::Key_Enter:
        case Qt::Key_Return:
        case Qt::Key_Escape:
        case Qt::Key_Tab:
        case Qt::Key_Backtab:
            event->ignore();
            return;
        default:
            break;
        }
    }
    if (event->key() == Qt::Key_Space && event->modifiers().testFlag(Qt::ControlModifier)) {
        complete();
        return;
    }
    if (event->key() == Qt::Key_Tab && event->modifiers() == Qt::NoModifier) {
        // YAML forbids tabs for indentation.
        insertPlainText(u"  "_s);
        return;
    }
    QPlainTextEdit::keyPressEvent(event);
    // Offer keys while a key is being typed at the start of a line.
    static const QRegularExpression typingKey(u"^\\s*(-\\s+)?[A-Za-z_][A-Za-z0-9_-]*$"_s);
    const QTextCursor cursor = textCursor();
    const QString before = cursor.block().text().left(cursor.positionInBlock());
    if (!event->text().isEmpty() && event->text().at(0).isPrint() && typingKey.match(before).hasMatch()
        && cursor.block().text().mid(cursor.positionInBlock()).trimmed().isEmpty())
        complete();
    else if (m_completer->popup()->isVisible() && !typingKey.match(before).hasMatch())
        m_completer->popup()->hide();
}

QString CloudInitCodeEditor::helpAt(int position) const
{
    if (const CloudInit::Diagnostic* d = diagnosticAt(position)) {
        QString text =
            u"<b>%1</b>: %2"_s.arg(CloudInit::severityName(d->severity), d->message.toHtmlEscaped());
        if (d->fix)
            text +=
                u"<br/><i>%1</i>"_s.arg(tr("Quick fix: %1 (right-click)").arg(d->fix->title.toHtmlEscaped()));
        return text;
    }
    const QTextBlock block = document()->findBlock(position);
    static const QRegularExpression keyPattern(u"^(\\s*)(-\\s+)?([A-Za-z0-9_-]+)\\s*:"_s);
    const QRegularExpressionMatch match = keyPattern.match(block.text());
    if (!match.hasMatch())
        return {};
    const int column = position - block.position();
    if (column < match.capturedStart(3) || column > match.capturedEnd(3))
        return {};
    QStringList path = CloudInit::keyPathAt(toPlainText(), block.blockNumber(), int(match.capturedStart(3)));
    path.append(match.captured(3));
    // Not yet compiled: no help rather than a wait.
    const CloudInit::CloudConfigSchema* schema = CloudInit::CloudConfigSchema::bundledIfReady();
    const auto key = schema ? schema->keyAt(path) : std::nullopt;
    if (!key)
        return {};
    QString html = u"<b>%1</b>"_s.arg(key->name.toHtmlEscaped());
    if (!key->types.isEmpty())
        html += u" <i>(%1)</i>"_s.arg(key->types.join(u", "_s).toHtmlEscaped());
    if (!key->description.isEmpty())
        html += u"<p>%1</p>"_s.arg(CloudInit::descriptionToHtml(key->description));
    if (!key->enumValues.isEmpty())
        html +=
            u"<p>%1 <code>%2</code></p>"_s.arg(tr("One of:"), key->enumValues.join(u", "_s).toHtmlEscaped());
    if (key->deprecated)
        html += u"<p><i>%1</i></p>"_s.arg(CloudInit::descriptionToHtml(key->deprecation));
    return u"<qt>%1</qt>"_s.arg(html);
}

bool CloudInitCodeEditor::viewportEvent(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QTextCursor cursor = cursorForPosition(help->pos());
        const QString text = helpAt(cursor.position());
        if (text.isEmpty())
            QToolTip::hideText();
        else // rich text: helpAt escapes the messages and names in it
            QToolTip::showText(help->globalPos(), text, viewport());
        return true;
    }
    return QPlainTextEdit::viewportEvent(event);
}

void CloudInitCodeEditor::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu* menu = createStandardContextMenu(event->pos());
    const QTextCursor cursor = cursorForPosition(event->pos());
    if (const CloudInit::Diagnostic* d = diagnosticAt(cursor.position()); d && d->fix) {
        const CloudInit::QuickFix fix = *d->fix;
        auto* action = new QAction(tr("Quick fix: %1").arg(fix.title), menu);
        connect(action, &QAction::triggered, this, [this, fix] { applyFix(fix); });
        menu->insertAction(menu->actions().value(0), action);
        menu->insertSeparator(menu->actions().value(1));
    }
    // A popup, not exec(): the editor's child, gone when it closes or the editor goes.
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
}

} // namespace sfdesk
