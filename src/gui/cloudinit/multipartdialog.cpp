// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/multipartdialog.h"

#include "common/constvalue.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/filedialogs.h"
#include "gui/common/messageboxes.h"
#include "gui/common/themeicons.h"
#include "ui_multipartdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollBar>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QToolButton>

namespace sfdesk {

using namespace Qt::StringLiterals;

namespace {

QString typeTitle(const QString& contentType)
{
    if (contentType == u"text/cloud-config")
        return MultipartDialog::tr("Cloud-config");
    if (contentType == u"text/x-shellscript")
        return MultipartDialog::tr("Shell script");
    if (contentType == u"text/cloud-boothook")
        return MultipartDialog::tr("Boothook");
    if (contentType == u"text/jinja2")
        return MultipartDialog::tr("Jinja template");
    return contentType;
}

QByteArray starterText(const QString& contentType)
{
    if (contentType == u"text/x-shellscript")
        return "#!/bin/sh\n";
    if (contentType == u"text/cloud-boothook")
        return "#cloud-boothook\n#!/bin/sh\n";
    if (contentType == u"text/jinja2")
        return "## template: jinja\n#cloud-config\n";
    return "#cloud-config\n";
}

CloudInit::Diagnostic problem(CloudInit::Severity severity, const QString& message)
{
    CloudInit::Diagnostic d;
    d.severity = severity;
    d.message = message;
    d.code = u"multipart"_s;
    return d;
}

// One part checked as cloud-init reads it in a multipart payload: by its content type.
CloudInit::ValidationResult checkPart(const CloudInit::MimePart& part, const QJsonObject& instanceData)
{
    using namespace CloudInit;
    const QString firstLineType = partTypeOfText(part.body);
    if (part.contentType == u"text/cloud-config") {
        // Inside MIME the type says cloud-config; the "#cloud-config" line is not needed.
        if (firstLineType == u"text/cloud-config")
            return validateUserData(part.body);
        ValidationResult result = validateUserData(QByteArray("#cloud-config\n" + part.body));
        for (Diagnostic& d : result.diagnostics) {
            d.range.start.line = qMax(0, d.range.start.line - 1);
            d.range.end.line = qMax(0, d.range.end.line - 1);
        }
        return result;
    }
    ValidationResult result;
    result.type = detectUserDataType(part.body);
    result.size = payloadSize(part.body);
    if (part.contentType == u"text/x-shellscript" && !part.body.startsWith("#!"))
        result.diagnostics << problem(Severity::Error,
                                      MultipartDialog::tr("A shell script must start with an interpreter "
                                                          "line such as #!/bin/sh."));
    else if (part.contentType == u"text/jinja2" && firstLineType != u"text/jinja2")
        result.diagnostics << problem(
            Severity::Error, MultipartDialog::tr("A Jinja part must start with \"## template: jinja\"."));
    else if (part.contentType == u"text/jinja2")
        return validateUserData(part.body, instanceData); // rendered, then checked
    return result;
}

QString verdict(const CloudInit::ValidationResult& result)
{
    const qsizetype errors = result.count(CloudInit::Severity::Error);
    const qsizetype warnings = result.count(CloudInit::Severity::Warning);
    for (const CloudInit::Diagnostic& d : result.diagnostics) {
        if (d.severity != CloudInit::Severity::Info)
            return MultipartDialog::tr("✗ %1, %2. First: line %3: %4")
                .arg(MultipartDialog::tr("%n error(s)", nullptr, int(errors)),
                     MultipartDialog::tr("%n warning(s)", nullptr, int(warnings)))
                .arg(d.range.start.line + 1)
                .arg(d.message);
    }
    if (!result.diagnostics.isEmpty())
        return MultipartDialog::tr("✓ No problems found. %1").arg(result.diagnostics.first().message);
    return MultipartDialog::tr("✓ Valid");
}

} // namespace

struct MultipartDialog::Check
{
    QList<CloudInit::ValidationResult> parts;
    CloudInit::MergedCloudConfig merged;
    CloudInit::ValidationResult mergedResult;
    QByteArray mime;
    CloudInit::PayloadSize size;
};

MultipartDialog::MultipartDialog(QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::MultipartDialog>())
    , m_instanceData(CloudInit::sampleInstanceData())
{
    m_ui->setupUi(this);
    setObjectName(u"multipartDialog"_s);
    buildUi();
    m_check = std::make_unique<BackgroundCheck<Check>>(
        this,
        [this]() -> BackgroundCheck<Check>::Work {
            return [parts = m_parts, instanceData = m_instanceData] {
                Check check;
                for (const CloudInit::MimePart& part : parts)
                    check.parts << checkPart(part, instanceData);
                check.merged = CloudInit::mergeCloudConfigParts(parts, instanceData);
                if (!check.merged.text.isEmpty())
                    check.mergedResult = CloudInit::validateUserData(check.merged.text);
                check.mime = CloudInit::buildMultipart(parts);
                check.size = CloudInit::payloadSize(check.mime);
                return check;
            };
        },
        [this](const Check& check) { showCheck(check); });
    m_checkTimer = new QTimer(this);
    m_checkTimer->setSingleShot(true);
    m_checkTimer->setInterval(250);
    connect(m_checkTimer, &QTimer::timeout, this, &MultipartDialog::checkNow);
    setParts({{u"text/cloud-config"_s, QString(), starterText(u"text/cloud-config"_s)}});
}

MultipartDialog::~MultipartDialog() = default;

void MultipartDialog::setInstanceData(const QJsonObject& data)
{
    m_instanceData = data;
    m_check->inputChanged();
    checkNow();
}

void MultipartDialog::buildUi()
{
    connect(m_ui->multipartPartList, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_showing)
            showPart(row);
    });

    m_ui->multipartAddButton->setIcon(ThemeIcons::icon(QStringLiteral("list-add")));
    auto* addMenu = new QMenu(m_ui->multipartAddButton);
    for (const QString& type : constValue(CloudInit::multipartPartTypes())) {
        QAction* action = addMenu->addAction(typeTitle(type), this, [this, type] { addPart(type); });
        action->setObjectName(u"multipartAdd_"_s + type.section(u'/', 1));
    }
    m_ui->multipartAddButton->setMenu(addMenu);
    m_ui->multipartRemoveButton->setIcon(ThemeIcons::icon(QStringLiteral("list-remove")));
    connect(m_ui->multipartRemoveButton, &QPushButton::clicked, this, &MultipartDialog::removeCurrentPart);
    m_ui->multipartUpButton->setIcon(ThemeIcons::icon(QStringLiteral("go-up")));
    connect(m_ui->multipartUpButton, &QPushButton::clicked, this, [this] { moveCurrentPart(-1); });
    m_ui->multipartDownButton->setIcon(ThemeIcons::icon(QStringLiteral("go-down")));
    connect(m_ui->multipartDownButton, &QPushButton::clicked, this, [this] { moveCurrentPart(1); });

    // The part being edited.
    for (const QString& type : constValue(CloudInit::multipartPartTypes()))
        m_ui->multipartTypeCombo->addItem(u"%1 (%2)"_s.arg(typeTitle(type), type), type);
    connect(m_ui->multipartTypeCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (m_showing || currentPart() < 0)
            return;
        m_parts[currentPart()].contentType = m_ui->multipartTypeCombo->currentData().toString();
        partEdited();
    });
    connect(m_ui->multipartFileNameEdit, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (currentPart() < 0)
            return;
        m_parts[currentPart()].fileName = text;
        partEdited();
    });
    // Tab moves the focus on (the form says so): the part is YAML or a script, indented with spaces.
    connect(m_ui->multipartPartEditor, &QPlainTextEdit::textChanged, this, [this] {
        if (m_showing || currentPart() < 0)
            return;
        m_parts[currentPart()].body = m_ui->multipartPartEditor->toPlainText().toUtf8();
        partEdited();
    });
    for (QPlainTextEdit* preview : {m_ui->multipartMergedPreview, m_ui->multipartMimePreview})
        preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    m_ui->splitter->setStretchFactor(0, 1);
    m_ui->splitter->setStretchFactor(1, 3);
    m_ui->splitter->setSizes({260, 700});

    m_ui->multipartOpenStatus->hide();

    QDialogButtonBox* buttons = m_ui->multipartButtons;
    auto* openButton = buttons->addButton(tr("&Open…"), QDialogButtonBox::ActionRole);
    openButton->setObjectName(u"multipartOpenButton"_s);
    openButton->setAccessibleName(tr("Open a multipart file"));
    connect(openButton, &QPushButton::clicked, this, &MultipartDialog::chooseFileToOpen);
    auto* saveButton = buttons->addButton(tr("&Save As…"), QDialogButtonBox::ActionRole);
    saveButton->setObjectName(u"multipartSaveButton"_s);
    saveButton->setAccessibleName(tr("Save the multipart payload"));
    connect(saveButton, &QPushButton::clicked, this, &MultipartDialog::saveAs);
    auto* useButton = buttons->addButton(tr("Use in &Editor"), QDialogButtonBox::ActionRole);
    useButton->setObjectName(u"multipartUseButton"_s);
    useButton->setAccessibleName(tr("Put the payload into the Cloud-init editor"));
    connect(useButton, &QPushButton::clicked, this, [this] {
        m_closeWhenUsed = false;
        Q_EMIT useInEditor(payload());
    });
    QPushButton* close = buttons->button(QDialogButtonBox::Close);
    close->setObjectName(u"multipartCloseButton"_s);
    close->setAccessibleName(tr("Close"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void MultipartDialog::setParts(const QList<CloudInit::MimePart>& parts)
{
    m_parts = parts;
    m_keptPayload = payload();
    m_results.clear();
    refreshList();
    showPart(m_parts.isEmpty() ? -1 : 0);
    m_check->inputChanged();
    checkNow();
}

void MultipartDialog::addPart(const QString& contentType)
{
    m_parts.append({contentType, QString(), starterText(contentType)});
    refreshList();
    showPart(int(m_parts.size()) - 1);
    partEdited();
    m_ui->multipartPartEditor->setFocus();
    m_ui->multipartPartEditor->moveCursor(QTextCursor::End);
}

void MultipartDialog::removeCurrentPart()
{
    const int index = currentPart();
    if (index < 0)
        return;
    m_parts.removeAt(index);
    if (index < m_results.size())
        m_results.removeAt(index);
    refreshList();
    showPart(qMin(index, int(m_parts.size()) - 1));
    partEdited();
}

void MultipartDialog::moveCurrentPart(int delta)
{
    const int index = currentPart();
    const int to = index + delta;
    if (index < 0 || to < 0 || to >= m_parts.size())
        return;
    m_parts.move(index, to);
    if (index < m_results.size() && to < m_results.size())
        m_results.move(index, to);
    refreshList();
    showPart(to);
    partEdited();
}

int MultipartDialog::currentPart() const
{
    return m_ui->multipartPartList->currentRow();
}

void MultipartDialog::setCurrentPart(int index)
{
    showPart(index);
}

void MultipartDialog::refreshList()
{
    m_showing = true;
    const int row = m_ui->multipartPartList->currentRow();
    m_ui->multipartPartList->clear();
    for (qsizetype i = 0; i < m_parts.size(); ++i) {
        const CloudInit::MimePart& part = m_parts[i];
        QString text = tr("%1. %2").arg(i + 1).arg(typeTitle(part.contentType));
        if (!part.fileName.isEmpty())
            text = tr("%1 (%2)").arg(text, part.fileName);
        if (i < m_results.size())
            text = (m_results[i].valid() ? u"✓ "_s : u"✗ "_s) + text;
        m_ui->multipartPartList->addItem(text);
    }
    m_ui->multipartPartList->setCurrentRow(qMin(row, int(m_parts.size()) - 1));
    m_showing = false;
}

void MultipartDialog::showPart(int index)
{
    m_showing = true;
    m_ui->multipartPartList->setCurrentRow(index);
    const bool valid = index >= 0 && index < m_parts.size();
    m_ui->multipartTypeCombo->setEnabled(valid);
    m_ui->multipartFileNameEdit->setEnabled(valid);
    m_ui->multipartPartEditor->setEnabled(valid);
    m_ui->multipartRemoveButton->setEnabled(valid);
    m_ui->multipartUpButton->setEnabled(valid && index > 0);
    m_ui->multipartDownButton->setEnabled(valid && index + 1 < m_parts.size());
    if (valid) {
        const CloudInit::MimePart& part = m_parts[index];
        const int typeIndex = m_ui->multipartTypeCombo->findData(part.contentType);
        if (typeIndex < 0)
            m_ui->multipartTypeCombo->addItem(part.contentType, part.contentType);
        m_ui->multipartTypeCombo->setCurrentIndex(m_ui->multipartTypeCombo->findData(part.contentType));
        m_ui->multipartFileNameEdit->setText(part.fileName);
        m_ui->multipartPartEditor->setPlainText(QString::fromUtf8(part.body));
        m_ui->multipartPartEditor->setDiagnostics(index < m_results.size() ? m_results[index].diagnostics
                                                                           : QList<CloudInit::Diagnostic>());
        m_ui->multipartPartStatus->setText(index < m_results.size() ? verdict(m_results[index])
                                                                    : tr("Checking…"));
    } else {
        m_ui->multipartPartEditor->clear();
        m_ui->multipartFileNameEdit->clear();
        m_ui->multipartPartStatus->setText(tr("Add a part."));
    }
    m_showing = false;
}

void MultipartDialog::partEdited()
{
    m_check->inputChanged();
    m_ui->multipartPartStatus->setText(tr("Checking…"));
    m_checkTimer->start();
}

QByteArray MultipartDialog::payload() const
{
    return CloudInit::buildMultipart(m_parts);
}

void MultipartDialog::checkNow()
{
    m_checkTimer->stop();
    m_check->run();
}

bool MultipartDialog::isChecking() const
{
    return m_check->isRunning() || m_checkTimer->isActive() || !m_check->isCurrent();
}

void MultipartDialog::showCheck(const Check& check)
{
    m_results = check.parts;
    refreshList();
    const int index = currentPart();
    if (index >= 0 && index < m_results.size()) {
        m_ui->multipartPartEditor->setDiagnostics(m_results[index].diagnostics);
        m_ui->multipartPartStatus->setText(verdict(m_results[index]));
    }
    m_ui->multipartMergedPreview->setPlainText(QString::fromUtf8(check.merged.text));
    QStringList mergedText;
    if (!check.merged.text.isEmpty())
        mergedText << verdict(check.mergedResult);
    mergedText << check.merged.notes;
    m_ui->multipartMergedPreviewStatus->setText(mergedText.join(u'\n'));
    // Scrolling stays where it was when the text is long.
    const int scroll = m_ui->multipartMimePreview->verticalScrollBar()->value();
    m_ui->multipartMimePreview->setPlainText(QString::fromUtf8(check.mime));
    m_ui->multipartMimePreview->verticalScrollBar()->setValue(scroll);
    QString size = tr("%1 bytes, %2 bytes in base64; SF Compute accepts at most 64 KiB.")
                       .arg(check.size.raw)
                       .arg(check.size.base64);
    if (check.size.base64Exceeds())
        size.append(u' ').append(tr("Over the limit: leave parts out or compress them."));
    m_ui->multipartMimePreviewStatus->setText(size);
    Q_EMIT checked();
}

bool MultipartDialog::openFile(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    const CloudInit::MultipartParse parsed =
        CloudInit::parseMultipart(file.read(CloudInit::MultipartLimits::maxInputBytes + 1));
    if (!parsed.ok()) {
        // The engine's messages are in English, as cloud-init's are.
        if (error)
            *error = parsed.error;
        return false;
    }
    setParts(parsed.parts);
    m_ui->multipartOpenStatus->setText(parsed.warnings.join(u'\n'));
    m_ui->multipartOpenStatus->setVisible(!parsed.warnings.isEmpty());
    return true;
}

bool MultipartDialog::saveTo(const QString& path, QString* error)
{
    const QByteArray data = payload();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    m_keptPayload = data;
    return true;
}

bool MultipartDialog::hasUnusedEdits() const
{
    return payload() != m_keptPayload;
}

void MultipartDialog::payloadUsed(const QByteArray& payload)
{
    if (payload != this->payload())
        return;
    m_keptPayload = payload;
    if (m_closeWhenUsed) {
        m_closeWhenUsed = false;
        QDialog::reject();
    }
}

void MultipartDialog::reject()
{
    if (!hasUnusedEdits()) {
        QDialog::reject();
        return;
    }
    // One question at a time (Escape pressed again while it is open).
    if (findChild<QMessageBox*>(u"multipartUnsavedBox"_s, Qt::FindDirectChildrenOnly))
        return;
    ConfirmDialog::askUnsaved(
        this, u"multipartUnsavedBox"_s,
        tr("The parts were changed and are neither in the Cloud-init editor nor saved. Use them in the "
           "editor before closing?"),
        tr("Use in &Editor"), [this](ConfirmDialog::Unsaved answer) {
            switch (answer) {
            case ConfirmDialog::Unsaved::Keep:
                // The editor may ask about its own unsaved text first; this closes once it took them.
                m_closeWhenUsed = true;
                Q_EMIT useInEditor(payload());
                return;
            case ConfirmDialog::Unsaved::Discard:
                m_keptPayload = payload();
                QDialog::reject();
                return;
            case ConfirmDialog::Unsaved::Cancel:
                return;
            }
        });
}

void MultipartDialog::showError(const QString& title, const QString& text)
{
    MessageBoxes::warn(this, u"multipartErrorBox"_s, title, text);
}

void MultipartDialog::chooseFileToOpen()
{
    auto* dialog = FileDialogs::toOpen(
        this, u"multipartOpenDialog"_s, tr("Open Multipart User Data"), QString(),
        tr("User data (*.txt *.mime *.yaml *.cfg);;All files (*)"), [this](const QString& path) {
            QString error;
            if (!openFile(path, &error))
                showError(tr("Open Multipart User Data"), tr("Cannot open %1: %2").arg(path, error));
        });
    dialog->open();
}

void MultipartDialog::saveAs()
{
    auto* dialog = FileDialogs::toSave(
        this, u"multipartSaveDialog"_s, tr("Save Multipart User Data"), u"user-data.mime"_s,
        tr("Multipart user data (*.mime *.txt);;All files (*)"), [this](const QString& path) {
            QString error;
            if (!saveTo(path, &error))
                showError(tr("Save Multipart User Data"), tr("Cannot save %1: %2").arg(path, error));
        });
    dialog->open();
}

} // namespace sfdesk
