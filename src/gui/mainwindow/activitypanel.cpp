// SPDX-License-Identifier: Apache-2.0

#include "gui/mainwindow/activitypanel.h"

#include "core/models/activitymodel.h"
#include "core/notify/noticelog.h"
#include "gui/common/plaintextwidgets.h"
#include "gui/common/themeicons.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
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
    // The time and the title are sized to their text when rows come and when the list shows (a
    // table sized while hidden has only its headers to go by); the details take the rest.
    m_noticeTable->horizontalHeader()->setSectionResizeMode(NoticeLog::DetailsColumn, QHeaderView::Stretch);
    // An empty list says why it is empty, over the table, as the section lists do.
    m_noticeEmpty = PlainText::label(m_noticeTable, noticePlaceholder());
    m_noticeEmpty->setObjectName(QStringLiteral("noticePlaceholder"));
    m_noticeEmpty->setAlignment(Qt::AlignCenter);
    m_noticeEmpty->setWordWrap(true);
    m_noticeEmpty->setForegroundRole(QPalette::PlaceholderText);
    m_noticeEmpty->setContentsMargins(24, 12, 24, 12);
    m_noticeEmpty->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_noticeTable->viewport()->installEventFilter(this);
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
    connect(notices, &QAbstractItemModel::rowsInserted, this, &ActivityPanel::fitNoticeColumns);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ActivityPanel::fitNoticeColumns);
    updateNoticeActions();
}

QString ActivityPanel::noticePlaceholder() const
{
    return tr("No notifications yet. The app tells you here when an order fills, when a standing order "
              "ends unfilled, 40 minutes before a pool's capacity starts or ends, and when an instance is "
              "running. What the lists hold when first read is not told; File > Preferences chooses "
              "which are told.");
}

void ActivityPanel::fitNoticeColumns()
{
    if (!m_noticeTable || !m_noticeTable->isVisible() || m_notices->rowCount() == 0)
        return;
    for (const int column : {int(NoticeLog::TimeColumn), int(NoticeLog::NoticeColumn)})
        m_noticeTable->resizeColumnToContents(column);
}

bool ActivityPanel::eventFilter(QObject* watched, QEvent* event)
{
    // The placeholder covers the viewport, whose size is only known once the table is laid out; a
    // table shown (its tab chosen, the panel opened) fits its columns to what arrived meanwhile.
    if (m_noticeTable && watched == m_noticeTable->viewport()
        && (event->type() == QEvent::Resize || event->type() == QEvent::Show)) {
        m_noticeEmpty->setGeometry(m_noticeTable->viewport()->geometry());
        if (event->type() == QEvent::Show)
            QTimer::singleShot(0, this, &ActivityPanel::fitNoticeColumns);
    }
    return QWidget::eventFilter(watched, event);
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
    m_noticeEmpty->setVisible(count == 0);
    m_noticeEmpty->setGeometry(m_noticeTable->viewport()->geometry());
    // What the list shows is what a screen reader is told of it.
    m_noticeTable->setAccessibleDescription(count == 0 ? noticePlaceholder() : QString());
}

void ActivityPanel::openCurrentNotice()
{
    const QModelIndex current = m_noticeTable->currentIndex();
    if (current.isValid())
        Q_EMIT noticeActivated(m_notices->at(current.row()));
}

} // namespace sfdesk
