// SPDX-License-Identifier: Apache-2.0

#include "gui/cloudinit/multipartdialog.h"

#include "common/constvalue.h"
#include "core/cloudinit/userdata.h"
#include "core/cloudinit/validator.h"
#include "gui/cloudinit/cloudinitcodeeditor.h"
#include "gui/common/confirmdialog.h"
#include "gui/common/filedialogs.h"
#include "gui/common/themeicons.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
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
#include <QVBoxLayout>

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
    , m_instanceData(CloudInit::sampleInstanceData())
{
    setObjectName(u"multipartDialog"_s);
    setWindowTitle(tr("Multipart User Data"));
    setAccessibleName(tr("Multipart user data builder"));
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
    m_list = new QListWidget(this);
    m_list->setObjectName(u"multipartPartList"_s);
    m_list->setAccessibleName(tr("Parts"));
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_showing)
            showPart(row);
    });

    m_addButton = new QToolButton(this);
    m_addButton->setObjectName(u"multipartAddButton"_s);
    m_addButton->setText(tr("&Add Part"));
    m_addButton->setIcon(ThemeIcons::icon(QStringLiteral("list-add")));
    m_addButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_addButton->setAccessibleName(tr("Add a part"));
    m_addButton->setPopupMode(QToolButton::InstantPopup);
    m_addButton->setFocusPolicy(Qt::StrongFocus);
    auto* addMenu = new QMenu(m_addButton);
    for (const QString& type : constValue(CloudInit::multipartPartTypes())) {
        QAction* action = addMenu->addAction(typeTitle(type), this, [this, type] { addPart(type); });
        action->setObjectName(u"multipartAdd_"_s + type.section(u'/', 1));
    }
    m_addButton->setMenu(addMenu);
    m_removeButton = new QPushButton(ThemeIcons::icon(QStringLiteral("list-remove")), tr("&Delete"), this);
    m_removeButton->setObjectName(u"multipartRemoveButton"_s);
    m_removeButton->setAccessibleName(tr("Remove the part"));
    connect(m_removeButton, &QPushButton::clicked, this, &MultipartDialog::removeCurrentPart);
    m_upButton = new QPushButton(ThemeIcons::icon(QStringLiteral("go-up")), tr("&Up"), this);
    m_upButton->setObjectName(u"multipartUpButton"_s);
    m_upButton->setAccessibleName(tr("Move the part up"));
    connect(m_upButton, &QPushButton::clicked, this, [this] { moveCurrentPart(-1); });
    m_downButton = new QPushButton(ThemeIcons::icon(QStringLiteral("go-down")), tr("Do&wn"), this);
    m_downButton->setObjectName(u"multipartDownButton"_s);
    m_downButton->setAccessibleName(tr("Move the part down"));
    connect(m_downButton, &QPushButton::clicked, this, [this] { moveCurrentPart(1); });

    auto* listButtons = new QHBoxLayout;
    listButtons->addWidget(m_addButton);
    listButtons->addWidget(m_removeButton);
    listButtons->addWidget(m_upButton);
    listButtons->addWidget(m_downButton);
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* partsLabel = new QLabel(tr("&Parts"), left);
    partsLabel->setBuddy(m_list);
    leftLayout->addWidget(partsLabel);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addLayout(listButtons);

    // The part being edited.
    auto* partPage = new QWidget(this);
    m_typeCombo = new QComboBox(partPage);
    m_typeCombo->setObjectName(u"multipartTypeCombo"_s);
    m_typeCombo->setAccessibleName(tr("Part type"));
    for (const QString& type : constValue(CloudInit::multipartPartTypes()))
        m_typeCombo->addItem(u"%1 (%2)"_s.arg(typeTitle(type), type), type);
    connect(m_typeCombo, &QComboBox::currentIndexChanged, this, [this] {
        if (m_showing || currentPart() < 0)
            return;
        m_parts[currentPart()].contentType = m_typeCombo->currentData().toString();
        partEdited();
    });
    m_fileNameEdit = new QLineEdit(partPage);
    m_fileNameEdit->setObjectName(u"multipartFileNameEdit"_s);
    m_fileNameEdit->setAccessibleName(tr("Part file name"));
    m_fileNameEdit->setPlaceholderText(tr("optional; cloud-init names a script after it"));
    connect(m_fileNameEdit, &QLineEdit::textEdited, this, [this](const QString& text) {
        if (currentPart() < 0)
            return;
        m_parts[currentPart()].fileName = text;
        partEdited();
    });
    m_editor = new CloudInitCodeEditor(partPage);
    m_editor->setObjectName(u"multipartPartEditor"_s);
    m_editor->setAccessibleName(tr("Part text"));
    // Tab moves the focus on; the part is YAML or a script, indented with spaces.
    m_editor->setTabChangesFocus(true);
    connect(m_editor, &QPlainTextEdit::textChanged, this, [this] {
        if (m_showing || currentPart() < 0)
            return;
        m_parts[currentPart()].body = m_editor->toPlainText().toUtf8();
        partEdited();
    });
    m_partStatus = new QLabel(partPage);
    m_partStatus->setObjectName(u"multipartPartStatus"_s);
    m_partStatus->setAccessibleName(tr("Part check"));
    m_partStatus->setTextFormat(Qt::PlainText);
    m_partStatus->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("&Type:"), m_typeCombo);
    form->addRow(tr("&File name:"), m_fileNameEdit);
    auto* partLayout = new QVBoxLayout(partPage);
    partLayout->addLayout(form);
    partLayout->addWidget(m_editor, 1);
    partLayout->addWidget(m_partStatus);

    const auto preview = [this](const QString& name, const QString& accessible,
                                const QString& statusAccessible, QPlainTextEdit** edit, QLabel** status) {
        auto* page = new QWidget(this);
        *edit = new QPlainTextEdit(page);
        (*edit)->setObjectName(name);
        (*edit)->setAccessibleName(accessible);
        (*edit)->setReadOnly(true);
        (*edit)->setLineWrapMode(QPlainTextEdit::NoWrap);
        (*edit)->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        *status = new QLabel(page);
        (*status)->setObjectName(name + u"Status"_s);
        (*status)->setAccessibleName(statusAccessible);
        (*status)->setTextFormat(Qt::PlainText);
        (*status)->setWordWrap(true);
        auto* layout = new QVBoxLayout(page);
        layout->addWidget(*edit, 1);
        layout->addWidget(*status);
        return page;
    };
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"multipartTabs"_s);
    m_tabs->setAccessibleName(tr("Part and previews"));
    m_tabs->addTab(partPage, tr("Pa&rt"));
    m_tabs->addTab(preview(u"multipartMergedPreview"_s, tr("Merged cloud-config"),
                           tr("Check of the merged cloud-config"), &m_merged, &m_mergedStatus),
                   tr("&Merged Cloud-config"));
    m_tabs->addTab(preview(u"multipartMimePreview"_s, tr("MIME text"), tr("Size of the payload"), &m_mime,
                           &m_mimeStatus),
                   tr("M&IME Text"));

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_tabs);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({260, 700});
    splitter->setChildrenCollapsible(false);

    m_openStatus = new QLabel(this);
    m_openStatus->setObjectName(u"multipartOpenStatus"_s);
    m_openStatus->setAccessibleName(tr("What opening the file found"));
    m_openStatus->setTextFormat(Qt::PlainText);
    m_openStatus->setWordWrap(true);
    m_openStatus->hide();

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->setObjectName(u"multipartButtons"_s);
    buttons->setAccessibleName(tr("Actions"));
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

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_openStatus);
    layout->addWidget(buttons);
    resize(960, 640);
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
    m_editor->setFocus();
    m_editor->moveCursor(QTextCursor::End);
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
    return m_list->currentRow();
}

void MultipartDialog::setCurrentPart(int index)
{
    showPart(index);
}

void MultipartDialog::refreshList()
{
    m_showing = true;
    const int row = m_list->currentRow();
    m_list->clear();
    for (qsizetype i = 0; i < m_parts.size(); ++i) {
        const CloudInit::MimePart& part = m_parts[i];
        QString text = tr("%1. %2").arg(i + 1).arg(typeTitle(part.contentType));
        if (!part.fileName.isEmpty())
            text = tr("%1 (%2)").arg(text, part.fileName);
        if (i < m_results.size())
            text = (m_results[i].valid() ? u"✓ "_s : u"✗ "_s) + text;
        m_list->addItem(text);
    }
    m_list->setCurrentRow(qMin(row, int(m_parts.size()) - 1));
    m_showing = false;
}

void MultipartDialog::showPart(int index)
{
    m_showing = true;
    m_list->setCurrentRow(index);
    const bool valid = index >= 0 && index < m_parts.size();
    m_typeCombo->setEnabled(valid);
    m_fileNameEdit->setEnabled(valid);
    m_editor->setEnabled(valid);
    m_removeButton->setEnabled(valid);
    m_upButton->setEnabled(valid && index > 0);
    m_downButton->setEnabled(valid && index + 1 < m_parts.size());
    if (valid) {
        const CloudInit::MimePart& part = m_parts[index];
        const int typeIndex = m_typeCombo->findData(part.contentType);
        if (typeIndex < 0)
            m_typeCombo->addItem(part.contentType, part.contentType);
        m_typeCombo->setCurrentIndex(m_typeCombo->findData(part.contentType));
        m_fileNameEdit->setText(part.fileName);
        m_editor->setPlainText(QString::fromUtf8(part.body));
        m_editor->setDiagnostics(index < m_results.size() ? m_results[index].diagnostics
                                                          : QList<CloudInit::Diagnostic>());
        m_partStatus->setText(index < m_results.size() ? verdict(m_results[index]) : tr("Checking…"));
    } else {
        m_editor->clear();
        m_fileNameEdit->clear();
        m_partStatus->setText(tr("Add a part."));
    }
    m_showing = false;
}

void MultipartDialog::partEdited()
{
    m_check->inputChanged();
    m_partStatus->setText(tr("Checking…"));
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
        m_editor->setDiagnostics(m_results[index].diagnostics);
        m_partStatus->setText(verdict(m_results[index]));
    }
    m_merged->setPlainText(QString::fromUtf8(check.merged.text));
    QStringList mergedText;
    if (!check.merged.text.isEmpty())
        mergedText << verdict(check.mergedResult);
    mergedText << check.merged.notes;
    m_mergedStatus->setText(mergedText.join(u'\n'));
    // Scrolling stays where it was when the text is long.
    const int scroll = m_mime->verticalScrollBar()->value();
    m_mime->setPlainText(QString::fromUtf8(check.mime));
    m_mime->verticalScrollBar()->setValue(scroll);
    QString size = tr("%1 bytes, %2 bytes in base64; SF Compute accepts at most 64 KiB.")
                       .arg(check.size.raw)
                       .arg(check.size.base64);
    if (check.size.base64Exceeds())
        size.append(u' ').append(tr("Over the limit: leave parts out or compress them."));
    m_mimeStatus->setText(size);
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
    m_openStatus->setText(parsed.warnings.join(u'\n'));
    m_openStatus->setVisible(!parsed.warnings.isEmpty());
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
    auto* box = new QMessageBox(QMessageBox::Warning, title, text, QMessageBox::Ok, this);
    box->setObjectName(u"multipartErrorBox"_s);
    box->setTextFormat(Qt::PlainText);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
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
