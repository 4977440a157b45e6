// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/cloudinitpage.h"

#include "common/constvalue.h"
#include "core/cloudinit/cloudconfigschema.h"
#include "core/cloudinit/jinja.h"
#include "core/cloudinit/multipart.h"
#include "core/cloudinit/templates.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"
#include "core/util/plaintext.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/multipartdialog.h"
#include "gui/cloudinit/sshbootstrapdialog.h"
#include "gui/common/accessibleviews.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/filedialogs.h"
#include "gui/common/messageboxes.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"

#include <QAction>
#include <QCloseEvent>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QLabel>
#include <QLockFile>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStandardPaths>
#include <QThreadPool>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QUuid>
#include <QVBoxLayout>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

constexpr int DiagnosticRole = Qt::UserRole + 1;

// The severity column in the user's language; the messages themselves are cloud-init's, in English.
QString severityText(CloudInit::Severity severity)
{
    switch (severity) {
    case CloudInit::Severity::Error:
        return CloudInitPage::tr("error");
    case CloudInit::Severity::Warning:
        return CloudInitPage::tr("warning");
    case CloudInit::Severity::Info:
        return CloudInitPage::tr("info");
    }
    return {};
}

QString kib(qint64 bytes)
{
    return QLocale().toString(double(bytes) / 1024.0, 'f', 1);
}

void askWithMessageBox(QWidget* parent, const QString& question,
                       std::function<void(CloudInitPage::UnsavedAnswer)> answer)
{
    ConfirmDialog::askUnsaved(parent, u"cloudInitUnsavedBox"_s, question, QString(),
                              [answer = std::move(answer)](ConfirmDialog::Unsaved unsaved) {
                                  switch (unsaved) {
                                  case ConfirmDialog::Unsaved::Keep:
                                      answer(CloudInitPage::UnsavedAnswer::Save);
                                      return;
                                  case ConfirmDialog::Unsaved::Discard:
                                      answer(CloudInitPage::UnsavedAnswer::Discard);
                                      return;
                                  case ConfirmDialog::Unsaved::Cancel:
                                      answer(CloudInitPage::UnsavedAnswer::Cancel);
                                      return;
                                  }
                              });
}

} // namespace

// What one validation run computes off the UI thread.
struct CloudInitPage::Check
{
    CloudInit::ValidationResult result;
    std::optional<QList<QPair<int, int>>> folds;
};

CloudInitPage::CloudInitPage(QWidget* parent, const QString& recoveryDirectory, const QString& sshDirectory)
    : QWidget(parent)
    , m_recoveryDirectory(recoveryDirectory.isEmpty()
                              ? QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                    .filePath(u"cloudinit-recovery"_s)
                              : recoveryDirectory)
    , m_sshDirectory(sshDirectory)
    , m_instanceData(CloudInit::sampleInstanceData())
{
    setObjectName(u"cloudInitPage"_s);
    m_unsavedPrompt = askWithMessageBox;
    // The schema is compiled once, on a worker thread as the app starts, so the window is not kept
    // waiting for it; a validation that needs it sooner waits only for the rest of that compile.
    QThreadPool::globalInstance()->start([] { CloudInit::CloudConfigSchema::bundled(); });
    buildUi();
    m_validation = std::make_unique<BackgroundCheck<Check>>(
        this,
        [this]() -> BackgroundCheck<Check>::Work {
            return [data = m_editor->toPlainText().toUtf8(), instanceData = m_instanceData] {
                return Check{CloudInit::validateUserData(data, instanceData),
                             CloudInitCodeEditor::foldRangesOf(data)};
            };
        },
        [this](const Check& check) { showCheck(check); });

    m_validateTimer = new QTimer(this);
    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(250);
    connect(m_validateTimer, &QTimer::timeout, this, &CloudInitPage::validateNow);
    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->setSingleShot(true);
    m_autosaveTimer->setInterval(1500);
    connect(m_autosaveTimer, &QTimer::timeout, this, &CloudInitPage::autosaveNow);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        m_validation->inputChanged();
        m_validateTimer->start();
        if (m_editor->document()->isModified())
            m_autosaveTimer->start();
    });
    connect(m_editor->document(), &QTextDocument::modificationChanged, this, &CloudInitPage::updateFileLabel);
    connect(m_editor, &QPlainTextEdit::cursorPositionChanged, this, &CloudInitPage::updateFixAction);

    claimRecoveryFile();
    if (QFile::exists(recoveryFile()))
        restoreRecovery();
    else
        loadTemplate(u"ssh-bootstrap"_s);
    validateNow();
}

CloudInitPage::~CloudInitPage()
{
    if (m_autosaveTimer->isActive())
        autosaveNow();
}

void CloudInitPage::setUnsavedPrompt(UnsavedPrompt prompt)
{
    m_unsavedPrompt = std::move(prompt);
}

void CloudInitPage::buildUi()
{
    auto* toolBar = new QToolBar(this);
    toolBar->setObjectName(u"cloudInitToolBar"_s);
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);

    // Every action has a shortcut that works while the focus is anywhere in the page (and only there,
    // so other sections may use the same keys), sits in the toolbar and in the page's menu.
    const auto makeAction = [this](const QString& text, const QString& name, const QKeySequence& shortcut,
                                   auto slot) {
        auto* action = new QAction(text, this);
        action->setObjectName(name);
        action->setShortcut(shortcut);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
        return action;
    };
    QAction* newAction =
        makeAction(tr("&New"), u"cloudInitNewAction"_s, QKeySequence::New, &CloudInitPage::newDocument);
    newAction->setToolTip(tr("A new, empty cloud-config"));
    QAction* openAction =
        makeAction(tr("&Open…"), u"cloudInitOpenAction"_s, QKeySequence::Open, &CloudInitPage::open);
    QAction* saveAction =
        makeAction(tr("&Save"), u"cloudInitSaveAction"_s, QKeySequence::Save, &CloudInitPage::save);
    QAction* saveAsAction =
        makeAction(tr("Save &As…"), u"cloudInitSaveAsAction"_s, QKeySequence::SaveAs, &CloudInitPage::saveAs);
    QAction* bootstrap =
        makeAction(tr("SSH &Bootstrap…"), u"cloudInitSshBootstrapAction"_s,
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), &CloudInitPage::openSshBootstrap);
    QAction* multipart =
        makeAction(tr("&Multipart Builder…"), u"cloudInitMultipartAction"_s,
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M), &CloudInitPage::openMultipartBuilder);
    multipart->setIconText(tr("Multipart…"));
    multipart->setToolTip(tr("Combine cloud-config, scripts, boothooks and Jinja into multipart user data"));
    QAction* instanceData =
        makeAction(tr("Jinja &Instance Data…"), u"cloudInitInstanceDataAction"_s,
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J), &CloudInitPage::editInstanceData);
    instanceData->setToolTip(tr("The instance data (v1.*, ds.*) that Jinja templates are rendered with"));
    m_saveAsTemplate =
        makeAction(tr("Save as Instance &Template…"), u"cloudInitSaveAsTemplateAction"_s,
                   QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T), &CloudInitPage::saveAsTemplate);
    m_saveAsTemplate->setToolTip(
        tr("Checks the text, then keeps it with an image as an instance template that "
           "deployments start instances from"));
    m_saveAsTemplate->setEnabled(false);
    // Always enabled, so its button stays in the Tab order: with no fix at hand it leads to one.
    m_fixAction = makeAction(tr("&Quick Fix"), u"cloudInitQuickFixAction"_s,
                             QKeySequence(Qt::CTRL | Qt::Key_Period), &CloudInitPage::applySelectedFix);

    const std::pair<QAction*, const char*> actionIcons[] = {
        {newAction, "document-new"},           {openAction, "document-open"},
        {saveAction, "document-save"},         {saveAsAction, "document-save-as"},
        {bootstrap, "document-encrypt"},       {multipart, "document-multiple"},
        {instanceData, "document-properties"}, {m_fixAction, "edit-find-replace"},
        {m_saveAsTemplate, "document-send"},
    };
    for (const auto& [action, icon] : actionIcons)
        action->setIcon(ThemeIcons::icon(QLatin1StringView(icon)));

    auto* newMenu = new QMenu(tr("New from &Template"), this);
    newMenu->setObjectName(u"cloudInitTemplatesMenu"_s);
    for (const CloudInit::Template& t : constValue(CloudInit::templates())) {
        QAction* action = newMenu->addAction(t.title, this, [this, id = t.id] { newFromTemplate(id); });
        action->setToolTip(PlainText::toolTip(t.description));
        action->setObjectName(u"template_"_s + t.id);
    }

    auto* newButton = new QToolButton(toolBar);
    newButton->setDefaultAction(newAction);
    newButton->setMenu(newMenu);
    newButton->setPopupMode(QToolButton::MenuButtonPopup);
    newButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    newButton->setObjectName(u"cloudInitNewButton"_s);
    toolBar->addWidget(newButton);
    toolBar->addAction(openAction);
    toolBar->addAction(saveAction);
    toolBar->addAction(saveAsAction);
    toolBar->addSeparator();
    toolBar->addAction(bootstrap);
    toolBar->addAction(multipart);
    toolBar->addAction(m_fixAction);
    // A toolbar's buttons take no focus by default; these are the page's commands, so Tab reaches them.
    newButton->setFocusPolicy(Qt::TabFocus);
    for (QAction* action : {openAction, saveAction, saveAsAction, bootstrap, multipart, m_fixAction})
        toolBar->widgetForAction(action)->setFocusPolicy(Qt::TabFocus);

    m_menu = new QMenu(tr("&Cloud-init"), this);
    m_menu->setObjectName(u"cloudInitMenu"_s);
    // The main window puts a page's menu marked so into its menu bar while the page is current.
    m_menu->setProperty("sectionMenu", true);
    m_menu->addAction(newAction);
    m_menu->addMenu(newMenu);
    m_menu->addAction(openAction);
    m_menu->addAction(saveAction);
    m_menu->addAction(saveAsAction);
    m_menu->addAction(m_saveAsTemplate);
    m_menu->addSeparator();
    m_menu->addAction(bootstrap);
    m_menu->addAction(multipart);
    m_menu->addAction(instanceData);
    m_menu->addAction(m_fixAction);

    m_recoveryBanner = new QFrame(this);
    m_recoveryBanner->setObjectName(u"cloudInitRecoveryBanner"_s);
    m_recoveryBanner->setFrameShape(QFrame::StyledPanel);
    m_recoveryBanner->setAutoFillBackground(true);
    {
        QPalette pal = m_recoveryBanner->palette();
        pal.setColor(QPalette::Window, pal.color(QPalette::AlternateBase));
        m_recoveryBanner->setPalette(pal);
    }
    auto* bannerLayout = new QHBoxLayout(m_recoveryBanner);
    m_recoveryLabel = PlainText::label(m_recoveryBanner);
    m_recoveryLabel->setWordWrap(true);
    auto* discard = new QPushButton(ThemeIcons::icon(QStringLiteral("edit-delete")),
                                    tr("Discard Recovered Text"), m_recoveryBanner);
    discard->setObjectName(u"cloudInitDiscardRecovery"_s);
    connect(discard, &QPushButton::clicked, this, [this] {
        discardRecovery();
        m_fileName.clear();
        loadTemplate(u"ssh-bootstrap"_s);
    });
    auto* keep = new QPushButton(ThemeIcons::icon(QStringLiteral("dialog-ok")), tr("Keep"), m_recoveryBanner);
    connect(keep, &QPushButton::clicked, m_recoveryBanner, &QWidget::hide);
    bannerLayout->addWidget(m_recoveryLabel, 1);
    bannerLayout->addWidget(keep);
    bannerLayout->addWidget(discard);
    m_recoveryBanner->hide();

    m_editor = new CloudInitCodeEditor(this);
    m_editor->setAccessibleName(tr("User data"));
    m_editor->setAccessibleDescription(
        tr("The cloud-config being edited. Tab indents; F6 moves to the next pane."));

    m_problems = new QTreeWidget(this);
    m_problems->setObjectName(u"cloudInitDiagnostics"_s);
    m_problems->setAccessibleName(tr("Problems"));
    m_problems->setAccessibleDescription(tr("Enter on a problem moves the cursor to it"));
    m_problems->setRootIsDecorated(false);
    m_problems->setUniformRowHeights(true);
    m_problems->setHeaderLabels({tr("Line"), tr("Severity"), tr("Problem"), tr("Path")});
    m_problems->header()->setSectionResizeMode(2, QHeaderView::Stretch);
    m_problems->header()->setStretchLastSection(false);
    connect(m_problems, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        const int index = item->data(0, DiagnosticRole).toInt();
        if (index >= 0 && index < m_editor->diagnostics().size()) {
            m_editor->moveTo(m_editor->diagnostics().at(index).range.start);
            m_editor->setFocus();
        }
    });
    connect(m_problems, &QTreeWidget::itemClicked, m_problems, &QTreeWidget::itemActivated);
    connect(m_problems, &QTreeWidget::currentItemChanged, this, &CloudInitPage::updateFixAction);

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_editor);
    splitter->addWidget(m_problems);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);

    m_fileLabel = PlainText::label(this);
    m_fileLabel->setObjectName(u"cloudInitFileLabel"_s);
    m_typeLabel = PlainText::label(this);
    m_typeLabel->setObjectName(u"cloudInitTypeLabel"_s);
    m_summary = PlainText::label(this);
    m_summary->setObjectName(u"cloudInitSummary"_s);
    m_sizeMeter = new ValueTextBar(this);
    m_sizeMeter->setObjectName(u"cloudInitSizeMeter"_s);
    m_sizeMeter->setAccessibleName(tr("User data size"));
    m_sizeMeter->setRange(0, int(CloudInit::PayloadSize::limit));
    // As wide as its longest reading, on one line.
    m_sizeMeter->setMinimumWidth(
        fontMetrics().horizontalAdvance(
            tr("%1 KiB of 64 KiB in base64 (%2 KiB of text)").arg(u"888.8"_s, u"888.8"_s))
        + 2 * fontMetrics().averageCharWidth());
    m_sizeMeter->setMaximumWidth(m_sizeMeter->minimumWidth());

    // Offered when the payload is over the limit in base64 and gzip brings it within.
    m_gzipButton = new QPushButton(ThemeIcons::icon(QStringLiteral("document-save")), {}, this);
    m_gzipButton->setObjectName(u"cloudInitGzipButton"_s);
    m_gzipButton->hide();
    connect(m_gzipButton, &QPushButton::clicked, this, &CloudInitPage::saveGzip);

    auto* status = new QHBoxLayout;
    status->addWidget(m_fileLabel);
    status->addWidget(m_typeLabel);
    status->addStretch(1);
    status->addWidget(m_summary);
    status->addWidget(m_sizeMeter);
    status->addWidget(m_gzipButton);

    // The style's margins and spacing, as every other page has.
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(toolBar);
    layout->addWidget(m_recoveryBanner);
    layout->addWidget(splitter, 1);
    auto* statusMargins = new QWidget(this);
    statusMargins->setLayout(status);
    status->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(statusMargins);
    updateFileLabel();
}

QString CloudInitPage::userData() const
{
    return m_editor->toPlainText();
}

void CloudInitPage::replaceText(const QString& text)
{
    QTextCursor cursor(m_editor->document());
    cursor.beginEditBlock();
    cursor.select(QTextCursor::Document);
    cursor.insertText(text);
    cursor.endEditBlock();
    cursor.movePosition(QTextCursor::Start);
    m_editor->setTextCursor(cursor);
}

void CloudInitPage::loadTemplate(const QString& id)
{
    const QString text = CloudInit::templateText(id);
    if (text.isEmpty())
        return;
    replaceText(text);
    m_editor->document()->setModified(false);
    m_autosaveTimer->stop();
    validateNow();
}

void CloudInitPage::validateNow()
{
    m_validateTimer->stop();
    m_validation->run();
}

bool CloudInitPage::isValidating() const
{
    return m_validation->isRunning() || m_validateTimer->isActive() || !m_validation->isCurrent();
}

void CloudInitPage::showCheck(const Check& check)
{
    const CloudInit::ValidationResult& result = check.result;
    m_editor->setDiagnostics(result.diagnostics);
    // Text that does not parse keeps the last good structure.
    if (check.folds)
        m_editor->setFoldRanges(*check.folds);
    showDiagnostics(result.diagnostics);
    updateSizeMeter(result.size);
    QString type = CloudInit::mimeTypeOf(result.type);
    if (type.isEmpty())
        type = tr("unknown format");
    m_typeLabel->setText(
        result.schemaChecked
            ? tr("%1 · schema of cloud-init %2").arg(type, CloudInit::CloudConfigSchema::bundledVersion())
            : type);
    const qsizetype errors = result.count(CloudInit::Severity::Error);
    const qsizetype warnings = result.count(CloudInit::Severity::Warning);
    if (errors == 0 && warnings == 0)
        m_summary->setText(result.valid() ? tr("✓ Valid") : QString());
    else
        m_summary->setText(tr("%1, %2").arg(tr("%n error(s)", nullptr, int(errors)),
                                            tr("%n warning(s)", nullptr, int(warnings))));
    Q_EMIT validated(result.valid());
}

void CloudInitPage::showDiagnostics(const QList<CloudInit::Diagnostic>& diagnostics)
{
    m_problems->clear();
    for (qsizetype i = 0; i < diagnostics.size(); ++i) {
        const CloudInit::Diagnostic& d = diagnostics.at(i);
        auto* item = new QTreeWidgetItem(m_problems);
        item->setText(0, QString::number(d.range.start.line + 1));
        item->setText(1, severityText(d.severity));
        item->setText(2, d.fix ? tr("%1  [quick fix: %2]").arg(d.message, d.fix->title) : d.message);
        item->setText(3, d.path);
        item->setToolTip(2, PlainText::toolTip(d.message));
        item->setData(0, DiagnosticRole, int(i));
        const QStyle::StandardPixmap icon =
            d.severity == CloudInit::Severity::Error     ? QStyle::SP_MessageBoxCritical
            : d.severity == CloudInit::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                         : QStyle::SP_MessageBoxInformation;
        item->setIcon(1, style()->standardIcon(icon));
    }
    m_problems->resizeColumnToContents(0);
    m_problems->resizeColumnToContents(1);
    updateFixAction();
}

void CloudInitPage::updateSizeMeter(const CloudInit::PayloadSize& size)
{
    const qint64 raw = size.raw;
    const qint64 base64 = size.base64;
    // What is sent, and what the limit is of: the base64 text (CloudInit::PayloadSize).
    m_sizeMeter->setReading(int(qMin(base64, CloudInit::PayloadSize::limit)),
                            tr("%1 KiB of 64 KiB in base64 (%2 KiB of text)").arg(kib(base64), kib(raw)));
    m_sizeMeter->setToolTip(
        tr("SF Compute takes user data base64-encoded, at most 64 KiB of it: about 48 KiB "
           "of text. The meter counts the encoded size, as it is sent."));
    QPalette pal = palette();
    if (size.base64Exceeds())
        pal.setColor(QPalette::Highlight, QColor(0xd9, 0x30, 0x25));
    m_sizeMeter->setPalette(pal);
    const bool gzipFits = size.gzipBase64 > 0 && size.gzipBase64 <= CloudInit::PayloadSize::limit;
    m_gzipButton->setVisible(gzipFits);
    if (gzipFits) {
        m_gzipButton->setText(tr("Save as gzip (%1 KiB in base64)…").arg(kib(size.gzipBase64)));
        m_gzipButton->setToolTip(
            tr("cloud-init reads gzip-compressed user data: compressed, this text fits the 64 KiB limit."));
    }
}

const CloudInit::Diagnostic* CloudInitPage::selectedFixable() const
{
    // Results are for the text they were computed from; a fix on edited text would land elsewhere.
    if (!m_validation->isCurrent())
        return nullptr;
    const QList<CloudInit::Diagnostic>& diagnostics = m_editor->diagnostics();
    const QTreeWidgetItem* item = m_problems->currentItem();
    const int index = item ? item->data(0, DiagnosticRole).toInt() : -1;
    if (index >= 0 && index < diagnostics.size() && diagnostics.at(index).fix)
        return &diagnostics.at(index);
    // From the keyboard: a problem with a fix under the cursor (an error there may have none).
    const int position = m_editor->textCursor().position();
    for (const CloudInit::Diagnostic& d : diagnostics) {
        const int start = m_editor->positionOf(d.range.start);
        const int end = qMax(start + 1, m_editor->positionOf(d.range.end));
        if (d.fix && position >= start && position <= end)
            return &d;
    }
    return nullptr;
}

void CloudInitPage::updateFixAction()
{
    const CloudInit::Diagnostic* fixable = selectedFixable();
    m_fixAction->setToolTip(PlainText::toolTip(fixable ? fixable->fix->title
                                                       : tr("Selects the first problem that has a quick fix; "
                                                            "press again to apply it")));
}

void CloudInitPage::applySelectedFix()
{
    const CloudInit::Diagnostic* fixable = selectedFixable();
    if (!fixable) {
        // Nothing to fix at the cursor or in the selection: lead to the first problem that has a fix,
        // so that the next Quick Fix (or Ctrl+.) applies it; or say that there is none.
        const QList<CloudInit::Diagnostic>& diagnostics = m_editor->diagnostics();
        for (int i = 0; i < m_problems->topLevelItemCount(); ++i) {
            QTreeWidgetItem* item = m_problems->topLevelItem(i);
            const int index = item->data(0, DiagnosticRole).toInt();
            if (m_validation->isCurrent() && index >= 0 && index < diagnostics.size()
                && diagnostics.at(index).fix) {
                m_problems->setCurrentItem(item);
                m_problems->setFocus(Qt::ShortcutFocusReason);
                return;
            }
        }
        m_summary->setText(tr("No problem has a quick fix."));
        return;
    }
    const CloudInit::QuickFix fix = *fixable->fix;
    m_editor->applyFix(fix);
    validateNow();
}

void CloudInitPage::showError(const QString& title, const QString& text)
{
    MessageBoxes::warn(this, u"cloudInitErrorBox"_s, title, text);
}

void CloudInitPage::setSaveAsTemplateEnabled(bool enabled)
{
    m_saveAsTemplate->setEnabled(enabled);
}

void CloudInitPage::saveAsTemplate()
{
    if (!m_saveAsTemplate->isEnabled())
        return;
    // The check of the text as it is now decides: the result of an older text is not enough.
    connect(
        this, &CloudInitPage::validated, this,
        [this](bool valid) {
            if (!valid) {
                showError(
                    tr("Save as Instance Template"),
                    tr("The text has errors (see the problems under the editor). Fix them before saving "
                       "it as an instance template."));
                return;
            }
            const bool saved = !m_fileName.isEmpty() && !m_editor->document()->isModified();
            Q_EMIT saveAsTemplateRequested(userData().toUtf8(), documentName(),
                                           saved ? m_fileName : QString());
        },
        Qt::SingleShotConnection);
    validateNow();
}

void CloudInitPage::newFromTemplate(const QString& id)
{
    whenUnsavedHandled(
        tr("Save the changes to %1 before replacing them with a template?").arg(documentName()), [this, id] {
            // A template is a new document: Save must not write it over the file that was open.
            m_fileName.clear();
            loadTemplate(id);
            updateFileLabel();
        });
}

void CloudInitPage::openSshBootstrap()
{
    auto* dialog = new SshBootstrapDialog(m_sshDirectory, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QString config = dialog->config();
        whenUnsavedHandled(
            tr("Save the changes to %1 before replacing them with the SSH bootstrap?").arg(documentName()),
            [this, config] {
                replaceText(config);
                validateNow();
            });
    });
    dialog->open();
}

void CloudInitPage::openMultipartBuilder()
{
    auto* dialog = new MultipartDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setInstanceData(m_instanceData);
    const QByteArray text = m_editor->toPlainText().toUtf8();
    const CloudInit::UserDataType type = CloudInit::detectUserDataType(text);
    bool wasMultipart = false;
    if (type == CloudInit::UserDataType::MultipartMime) {
        const CloudInit::MultipartParse parsed = CloudInit::parseMultipart(text);
        wasMultipart = parsed.ok();
        if (parsed.ok())
            dialog->setParts(parsed.parts);
    } else if (CloudInit::multipartPartTypes().contains(CloudInit::mimeTypeOf(type))) {
        // The editor's text becomes the first part.
        dialog->setParts({{CloudInit::mimeTypeOf(type), QString(), text}});
    }
    connect(dialog, &MultipartDialog::useInEditor, this,
            [this, wasMultipart, dialog = QPointer<MultipartDialog>(dialog)](const QByteArray& payload) {
                whenUnsavedHandled(
                    tr("Save the changes to %1 before replacing them with the multipart payload?")
                        .arg(documentName()),
                    [this, wasMultipart, payload, dialog] {
                        // Edited parts of an open multipart file stay that file; anything else is a
                        // new document.
                        if (!wasMultipart)
                            m_fileName.clear();
                        replaceText(QString::fromUtf8(payload));
                        updateFileLabel();
                        validateNow();
                        if (dialog)
                            dialog->payloadUsed(payload);
                    });
            });
    dialog->open();
}

} // namespace sfdesk
