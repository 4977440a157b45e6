#include "gui/cloudinit/cloudinitpage.h"

#include "core/cloudinit/cloudconfigschema.h"
#include "core/cloudinit/templates.h"
#include "core/cloudinit/validator.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/cloudinit/sshbootstrapdialog.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStandardPaths>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

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

} // namespace

CloudInitPage::CloudInitPage(QWidget* parent, const QString& recoveryDirectory, const QString& sshDirectory)
    : QWidget(parent)
    , m_recoveryDirectory(recoveryDirectory.isEmpty()
                              ? QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                    .filePath(u"cloudinit-recovery"_s)
                              : recoveryDirectory)
    , m_sshDirectory(sshDirectory)
{
    setObjectName(u"cloudInitPage"_s);
    buildUi();

    m_validateTimer = new QTimer(this);
    m_validateTimer->setSingleShot(true);
    m_validateTimer->setInterval(250);
    connect(m_validateTimer, &QTimer::timeout, this, &CloudInitPage::validateNow);
    m_autosaveTimer = new QTimer(this);
    m_autosaveTimer->setSingleShot(true);
    m_autosaveTimer->setInterval(1500);
    connect(m_autosaveTimer, &QTimer::timeout, this, &CloudInitPage::autosaveNow);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        m_validateTimer->start();
        if (m_editor->document()->isModified())
            m_autosaveTimer->start();
    });
    connect(m_editor->document(), &QTextDocument::modificationChanged, this, &CloudInitPage::updateFileLabel);

    if (QFile::exists(recoveryFile()))
        restoreRecovery();
    else
        loadTemplate(u"ssh-bootstrap"_s);
    validateNow();
}

CloudInitPage::~CloudInitPage() = default;

void CloudInitPage::buildUi()
{
    auto* toolBar = new QToolBar(this);
    toolBar->setObjectName(u"cloudInitToolBar"_s);
    toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);

    auto* newMenu = new QMenu(this);
    newMenu->setObjectName(u"cloudInitTemplatesMenu"_s);
    newMenu->addAction(tr("Empty cloud-config"), this, [this] { replaceText(u"#cloud-config\n"_s); });
    newMenu->addSeparator();
    for (const CloudInit::Template& t : CloudInit::templates()) {
        QAction* action = newMenu->addAction(t.title, this, [this, id = t.id] { loadTemplate(id); });
        action->setToolTip(t.description);
        action->setObjectName(u"template_"_s + t.id);
    }
    auto* newButton = new QToolButton(toolBar);
    newButton->setText(tr("New"));
    newButton->setMenu(newMenu);
    newButton->setPopupMode(QToolButton::InstantPopup);
    newButton->setObjectName(u"cloudInitNewButton"_s);
    toolBar->addWidget(newButton);
    toolBar->addAction(tr("Open…"), this, &CloudInitPage::open)->setShortcut(QKeySequence::Open);
    toolBar->addAction(tr("Save"), this, &CloudInitPage::save)->setShortcut(QKeySequence::Save);
    toolBar->addAction(tr("Save As…"), this, &CloudInitPage::saveAs);
    toolBar->addSeparator();
    QAction* bootstrap = toolBar->addAction(tr("SSH Bootstrap…"), this, &CloudInitPage::openSshBootstrap);
    bootstrap->setObjectName(u"cloudInitSshBootstrapAction"_s);
    m_fixAction = toolBar->addAction(tr("Quick Fix"), this, &CloudInitPage::applySelectedFix);
    m_fixAction->setObjectName(u"cloudInitQuickFixAction"_s);
    m_fixAction->setEnabled(false);

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
    m_recoveryLabel = new QLabel(m_recoveryBanner);
    m_recoveryLabel->setWordWrap(true);
    auto* discard = new QPushButton(tr("Discard Recovered Text"), m_recoveryBanner);
    discard->setObjectName(u"cloudInitDiscardRecovery"_s);
    connect(discard, &QPushButton::clicked, this, [this] {
        discardRecovery();
        loadTemplate(u"ssh-bootstrap"_s);
    });
    auto* keep = new QPushButton(tr("Keep"), m_recoveryBanner);
    connect(keep, &QPushButton::clicked, m_recoveryBanner, &QWidget::hide);
    bannerLayout->addWidget(m_recoveryLabel, 1);
    bannerLayout->addWidget(keep);
    bannerLayout->addWidget(discard);
    m_recoveryBanner->hide();

    m_editor = new CloudInitCodeEditor(this);

    m_problems = new QTreeWidget(this);
    m_problems->setObjectName(u"cloudInitDiagnostics"_s);
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

    m_fileLabel = new QLabel(this);
    m_fileLabel->setObjectName(u"cloudInitFileLabel"_s);
    m_typeLabel = new QLabel(this);
    m_typeLabel->setObjectName(u"cloudInitTypeLabel"_s);
    m_summary = new QLabel(this);
    m_summary->setObjectName(u"cloudInitSummary"_s);
    m_sizeMeter = new QProgressBar(this);
    m_sizeMeter->setObjectName(u"cloudInitSizeMeter"_s);
    m_sizeMeter->setRange(0, int(CloudInit::PayloadSize::limit));
    m_sizeMeter->setMaximumWidth(320);
    m_sizeMeter->setMinimumWidth(220);

    auto* status = new QHBoxLayout;
    status->addWidget(m_fileLabel);
    status->addWidget(m_typeLabel);
    status->addStretch(1);
    status->addWidget(m_summary);
    status->addWidget(m_sizeMeter);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(toolBar);
    layout->addWidget(m_recoveryBanner);
    layout->addWidget(splitter, 1);
    auto* statusMargins = new QWidget(this);
    statusMargins->setLayout(status);
    status->setContentsMargins(8, 0, 8, 6);
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
    const QByteArray data = m_editor->toPlainText().toUtf8();
    const CloudInit::ValidationResult result = CloudInit::validateUserData(data);
    m_editor->setDiagnostics(result.diagnostics);
    showDiagnostics(result.diagnostics);
    updateSizeMeter(result.size.raw, result.size.base64);
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
        item->setToolTip(2, d.message);
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

void CloudInitPage::updateSizeMeter(qint64 raw, qint64 base64)
{
    m_sizeMeter->setValue(int(qMin(raw, CloudInit::PayloadSize::limit)));
    m_sizeMeter->setFormat(tr("%1 KiB of 64 KiB (base64 %2 KiB)").arg(kib(raw), kib(base64)));
    m_sizeMeter->setToolTip(tr("SF Compute accepts at most 64 KiB of user data; it is sent base64-encoded."));
    QPalette pal = palette();
    if (raw > CloudInit::PayloadSize::limit)
        pal.setColor(QPalette::Highlight, QColor(0xd9, 0x30, 0x25));
    else if (base64 > CloudInit::PayloadSize::limit)
        pal.setColor(QPalette::Highlight, QColor(0xe0, 0x9b, 0x1a));
    m_sizeMeter->setPalette(pal);
}

void CloudInitPage::updateFixAction()
{
    const QTreeWidgetItem* item = m_problems->currentItem();
    const int index = item ? item->data(0, DiagnosticRole).toInt() : -1;
    const bool available = index >= 0 && index < m_editor->diagnostics().size()
                           && m_editor->diagnostics().at(index).fix.has_value();
    m_fixAction->setEnabled(available);
    m_fixAction->setToolTip(available ? m_editor->diagnostics().at(index).fix->title
                                      : tr("Select a problem that has a quick fix"));
}

void CloudInitPage::applySelectedFix()
{
    const QTreeWidgetItem* item = m_problems->currentItem();
    const int index = item ? item->data(0, DiagnosticRole).toInt() : -1;
    if (index < 0 || index >= m_editor->diagnostics().size() || !m_editor->diagnostics().at(index).fix)
        return;
    const CloudInit::QuickFix fix = *m_editor->diagnostics().at(index).fix;
    m_editor->applyFix(fix);
    validateNow();
}

QString CloudInitPage::recoveryFile() const
{
    return QDir(m_recoveryDirectory).filePath(u"unsaved-user-data.yaml"_s);
}

void CloudInitPage::autosaveNow()
{
    m_autosaveTimer->stop();
    if (!m_editor->document()->isModified())
        return;
    QDir().mkpath(m_recoveryDirectory);
    // User data can hold password hashes: keep the copy private.
    QFile::setPermissions(m_recoveryDirectory,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QSaveFile file(recoveryFile());
    if (!file.open(QIODevice::WriteOnly))
        return;
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(m_editor->toPlainText().toUtf8());
    file.commit();
    QSaveFile origin(recoveryFile() + u".origin"_s);
    if (origin.open(QIODevice::WriteOnly)) {
        origin.write(m_fileName.toUtf8());
        origin.commit();
    }
}

void CloudInitPage::discardRecovery()
{
    QFile::remove(recoveryFile());
    QFile::remove(recoveryFile() + u".origin"_s);
    m_recoveryBanner->hide();
    m_recovered = false;
}

void CloudInitPage::restoreRecovery()
{
    QFile file(recoveryFile());
    if (!file.open(QIODevice::ReadOnly))
        return;
    const QString text = QString::fromUtf8(file.readAll());
    QFile origin(recoveryFile() + u".origin"_s);
    if (origin.open(QIODevice::ReadOnly))
        m_fileName = QString::fromUtf8(origin.readAll());
    replaceText(text);
    m_editor->document()->setModified(true);
    m_recovered = true;
    const QDateTime when = QFileInfo(file).lastModified();
    m_recoveryLabel->setText(
        tr("Recovered unsaved work from %1%2. Save it, or discard it.")
            .arg(QLocale().toString(when, QLocale::ShortFormat),
                 m_fileName.isEmpty() ? QString() : tr(" (%1)").arg(QFileInfo(m_fileName).fileName())));
    m_recoveryBanner->show();
    updateFileLabel();
}

bool CloudInitPage::openFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    if (file.size() > 4 * 1024 * 1024) {
        if (error)
            *error = tr("The file is larger than 4 MiB; user data is limited to 64 KiB.");
        return false;
    }
    replaceText(QString::fromUtf8(file.readAll()));
    m_fileName = QFileInfo(path).absoluteFilePath();
    m_editor->document()->setModified(false);
    m_autosaveTimer->stop();
    discardRecovery();
    validateNow();
    updateFileLabel();
    return true;
}

bool CloudInitPage::saveTo(const QString& path, QString* error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_editor->toPlainText().toUtf8()) < 0
        || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_fileName = QFileInfo(path).absoluteFilePath();
    m_editor->document()->setModified(false);
    m_autosaveTimer->stop();
    discardRecovery();
    updateFileLabel();
    return true;
}

void CloudInitPage::open()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open User Data"), QFileInfo(m_fileName).absolutePath(),
                                     tr("User data (*.yaml *.yml *.cfg *.txt *.sh);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!openFile(path, &error))
        QMessageBox::warning(this, tr("Open User Data"), tr("Cannot open %1: %2").arg(path, error));
}

void CloudInitPage::save()
{
    if (m_fileName.isEmpty()) {
        saveAs();
        return;
    }
    QString error;
    if (!saveTo(m_fileName, &error))
        QMessageBox::warning(this, tr("Save User Data"), tr("Cannot save %1: %2").arg(m_fileName, error));
}

void CloudInitPage::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save User Data"),
                                                      m_fileName.isEmpty() ? u"user-data.yaml"_s : m_fileName,
                                                      tr("Cloud-config (*.yaml *.yml);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!saveTo(path, &error))
        QMessageBox::warning(this, tr("Save User Data"), tr("Cannot save %1: %2").arg(path, error));
}

void CloudInitPage::updateFileLabel()
{
    const QString name = m_fileName.isEmpty() ? tr("Untitled") : QFileInfo(m_fileName).fileName();
    m_fileLabel->setText(m_editor->document()->isModified() ? name + u" •"_s : name);
    m_fileLabel->setToolTip(m_fileName);
}

void CloudInitPage::openSshBootstrap()
{
    SshBootstrapDialog dialog(m_sshDirectory, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    replaceText(dialog.config());
    validateNow();
}
