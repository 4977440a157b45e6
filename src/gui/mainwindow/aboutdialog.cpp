// SPDX-License-Identifier: Apache-2.0

#include "gui/mainwindow/aboutdialog.h"

#include "core/appinfo.h"
#include "ui_aboutdialog.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QIcon>

#include <ksyntaxhighlighting_version.h>

namespace sfdesk {

AboutDialog::AboutDialog(QWidget* parent)
    : QDialog(parent)
    , m_ui(std::make_unique<Ui::AboutDialog>())
{
    m_ui->setupUi(this);
    m_ui->iconLabel->setPixmap(QIcon(QStringLiteral(":/icons/sfdesk.svg")).pixmap(64, 64));
    m_ui->titleLabel->setText(tr("<b>sfdesk</b> %1").arg(AppInfo::version()));

    const auto versions = libraryVersions();
    m_ui->versionsTable->setRowCount(static_cast<int>(versions.size()));
    for (int row = 0; row < versions.size(); ++row) {
        m_ui->versionsTable->setItem(row, 0, new QTableWidgetItem(versions[row].first));
        m_ui->versionsTable->setItem(row, 1, new QTableWidgetItem(versions[row].second));
    }
    m_ui->versionsTable->resizeColumnToContents(0);

    connect(m_ui->copyButton, &QPushButton::clicked, this, [versions] {
        QStringList lines{QStringLiteral("sfdesk %1").arg(AppInfo::version())};
        for (const auto& [name, version] : versions)
            lines << QStringLiteral("%1 %2").arg(name, version);
        QGuiApplication::clipboard()->setText(lines.join(u'\n'));
    });
}

AboutDialog::~AboutDialog() = default;

QList<QPair<QString, QString>> AboutDialog::libraryVersions()
{
    return {
        {QStringLiteral("Qt"), AppInfo::qtVersion()},
        {QStringLiteral("KF6 SyntaxHighlighting"), QStringLiteral(KSYNTAXHIGHLIGHTING_VERSION_STRING)},
        {QStringLiteral("libssh"), AppInfo::libsshVersion()},
        {QStringLiteral("QtKeychain"), AppInfo::qtKeychainVersion()},
    };
}

} // namespace sfdesk
