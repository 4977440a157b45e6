// SPDX-License-Identifier: Apache-2.0

#include "gui/mainwindow/startpage.h"

#include "core/appinfo.h"

#include <QIcon>
#include <QLabel>
#include <QVBoxLayout>

namespace sfdesk {

StartPage::StartPage(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("startPage"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(32, 32, 32, 32);

    auto* icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/sfdesk.svg")).pixmap(72, 72));
    layout->addWidget(icon);

    auto* title = new QLabel(tr("<h1>sfdesk %1</h1>").arg(AppInfo::version()), this);
    title->setTextFormat(Qt::RichText);
    title->setObjectName(QStringLiteral("startTitle"));
    layout->addWidget(title);

    auto* body = new QLabel(this);
    body->setObjectName(QStringLiteral("startBody"));
    body->setWordWrap(true);
    body->setTextFormat(Qt::RichText);
    body->setText(
        tr("<p>A desktop client for SF Compute, the market for GPU compute time.</p>"
           "<ul>"
           "<li><b>InfiniBand partitions</b>: isolated RDMA networks per workspace, on a fabric.</li>"
           "<li><b>Reservations</b>: plan, buy and sell windows of compute on a chart.</li>"
           "<li><b>Cloud-init</b>: write and validate user data, with the SSH key bootstrap "
           "that new instances need.</li>"
           "</ul>"
           "<p>Pick a section on the left. Press F1 for keyboard shortcuts.</p>"));
    layout->addWidget(body);
    layout->addStretch(1);
}

} // namespace sfdesk
