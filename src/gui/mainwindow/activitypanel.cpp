// SPDX-License-Identifier: Apache-2.0

#include "gui/mainwindow/activitypanel.h"

#include "core/models/activitymodel.h"
#include "core/notify/noticelog.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace sfdesk {

ActivityPanel::ActivityPanel(ActivityModel* model, QWidget* parent)
    : QWidget(parent)
    , m_model(model)
    , m_tabs(new QTabWidget(this))
    , m_table(new QTableView(this))
    , m_summary(PlainText::label(this))
    , m_cancel(new QPushButton(ThemeIcons::icon(QStringLiteral("process-stop")), tr("&Cancel Request"), this))
    , m_clear(new QPushButton(ThemeIcons::icon(QStringLiteral("edit-clear")), tr("C&lear Finished"), this))
{
    m_tabs->setObjectName(QStringLiteral("activityTabs"));
    m_table->setObjectName(QStringLiteral("activityTable"));
    m_summary->setObjectName(QStringLiteral("activitySummary"));
    m_cancel->setObjectName(QStringLiteral("activityCancel"));
    m_clear->setObjectName(QStringLiteral("activityClear"));

    m_table->setModel(model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(ActivityModel::RequestColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(ActivityModel::StateColumn, QHeaderView::Stretch);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_summary, 1);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_clear);
    auto* requests = new QWidget(m_tabs);
    auto* requestsLayout = new QVBoxLayout(requests);
    requestsLayout->setContentsMargins(4, 4, 4, 4);
    requestsLayout->addLayout(buttons);
    requestsLayout->addWidget(m_table);
    m_tabs->addTab(requests, tr("&Requests"));
    // One tab alone needs no tab bar.
    m_tabs->tabBar()->setVisible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    connect(m_cancel, &QPushButton::clicked, this, [this] {
        const QModelIndex current = m_table->currentIndex();
        if (current.isValid())
            m_model->cancel(current.row());
    });
    connect(m_clear, &QPushButton::clicked, m_model, &ActivityModel::clearFinished);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ActivityPanel::updateActions);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(model, signal, this, &ActivityPanel::updateActions);
    connect(model, &QAbstractItemModel::rowsMoved, this, &ActivityPanel::updateActions);
    connect(model, &QAbstractItemModel::dataChanged, this, &ActivityPanel::updateActions);
    updateActions();
}

ActivityPanel::~ActivityPanel() = default;

void ActivityPanel::updateActions()
{
    const int inFlight = m_model->inFlightCount();
    m_summary->setText(inFlight == 0 ? tr("Nothing in flight.")
                                     : tr("%n request(s) in flight.", nullptr, inFlight));
    const QModelIndex current = m_table->currentIndex();
    m_cancel->setEnabled(current.isValid() && m_model->canCancel(current.row()));
    m_clear->setEnabled(m_model->rowCount() > inFlight);
}

void ActivityPanel::setNotices(NoticeLog* notices)
{
    if (m_notices || !notices)
        return;
    m_notices = notices;
    auto* page = new QWidget(m_tabs);
    m_noticeTable = new QTableView(page);
    m_noticeTable->setObjectName(QStringLiteral("noticeTable"));
    m_noticeTable->setAccessibleName(tr("Notifications"));
    m_noticeTable->setModel(notices);
    m_noticeTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_noticeTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_noticeTable->setAlternatingRowColors(true);
    m_noticeTable->setWordWrap(false);
    m_noticeTable->verticalHeader()->hide();
    m_noticeTable->horizontalHeader()->setSectionResizeMode(NoticeLog::TimeColumn,
                                                            QHeaderView::ResizeToContents);
    m_noticeTable->horizontalHeader()->setSectionResizeMode(NoticeLog::NoticeColumn,
                                                            QHeaderView::ResizeToContents);
    m_noticeTable->horizontalHeader()->setSectionResizeMode(NoticeLog::DetailsColumn, QHeaderView::Stretch);
    m_openNotice = new QPushButton(ThemeIcons::icon(QStringLiteral("go-next")), tr("&Open"), page);
    m_openNotice->setObjectName(QStringLiteral("noticeOpen"));
    m_clearNotices =
        new QPushButton(ThemeIcons::icon(QStringLiteral("edit-clear")), tr("Clear &Notifications"), page);
    m_clearNotices->setObjectName(QStringLiteral("noticeClear"));

    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_openNotice);
    buttons->addWidget(m_clearNotices);
    auto* layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(buttons);
    layout->addWidget(m_noticeTable);
    m_tabs->addTab(page, tr("No&tifications"));
    m_tabs->tabBar()->setVisible(true);

    // Enter and a double click both activate a row.
    connect(m_noticeTable, &QAbstractItemView::activated, this, &ActivityPanel::openCurrentNotice);
    connect(m_openNotice, &QPushButton::clicked, this, &ActivityPanel::openCurrentNotice);
    connect(m_clearNotices, &QPushButton::clicked, notices, &NoticeLog::clear);
    connect(m_noticeTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ActivityPanel::updateNoticeActions);
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(notices, signal, this, &ActivityPanel::updateNoticeActions);
    connect(notices, &QAbstractItemModel::modelReset, this, &ActivityPanel::updateNoticeActions);
    updateNoticeActions();
}

void ActivityPanel::updateNoticeActions()
{
    if (!m_notices)
        return;
    const int count = m_notices->rowCount();
    m_tabs->setTabText(m_tabs->indexOf(m_noticeTable->parentWidget()),
                       count == 0 ? tr("No&tifications") : tr("No&tifications (%1)").arg(count));
    m_openNotice->setEnabled(m_noticeTable->currentIndex().isValid());
    m_clearNotices->setEnabled(count > 0);
}

void ActivityPanel::openCurrentNotice()
{
    const QModelIndex current = m_noticeTable->currentIndex();
    if (current.isValid())
        Q_EMIT noticeActivated(m_notices->at(current.row()));
}

} // namespace sfdesk
