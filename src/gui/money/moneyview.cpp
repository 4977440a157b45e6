// SPDX-License-Identifier: Apache-2.0

#include "gui/money/moneyview.h"

#include "core/models/format.h"
#include "core/models/ordermodel.h"
#include "core/models/poolmodel.h"
#include "core/models/session.h"
#include "core/settings/settings.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/themeicons.h"
#include "gui/common/viewcontext.h"
#include "gui/common/workspacebar.h"
#include "gui/money/burndownchart.h"

#include <QComboBox>
#include <QDateTime>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace sfdesk {

MoneyView::MoneyView(ViewContext* context, MoneyModel::Now now, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("money"),
                tr("&Money"),
                tr("Loading orders and pools"),
                {Session::Resource::Orders, Session::Resource::Pools},
                {},
                tr("No fills and no pools here yet. Orders that fill in Reservations show their money "
                   "here.")},
               parent)
    , m_model(new MoneyModel(this))
    , m_grouping(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_chart(new BurnDownChart(this))
{
    m_model->setNow(std::move(now));
    addToolbarWidget(new WorkspaceBar(QStringLiteral("money"), context, this));

    auto* groupingLabel = new QLabel(tr("Group &by:"), this);
    groupingLabel->setBuddy(m_grouping);
    m_grouping->setObjectName(QStringLiteral("moneyGrouping"));
    m_grouping->setAccessibleName(tr("Group by"));
    m_grouping->addItem(tr("Pool"), int(MoneyModel::Grouping::Pool));
    m_grouping->addItem(tr("Workspace"), int(MoneyModel::Grouping::Workspace));
    addToolbarWidget(groupingLabel);
    addToolbarWidget(m_grouping);

    // Export, in the page's menu with Ctrl+E, also as a button: the one exporter of every table.
    auto* exportButton =
        new QPushButton(ThemeIcons::icon(QStringLiteral("document-export")), tr("E&xport CSV…"), this);
    exportButton->setObjectName(QStringLiteral("moneyExportButton"));
    exportButton->setToolTip(tr("Saves the rows shown, in the order shown, as CSV or JSON"));
    connect(exportButton, &QPushButton::clicked, this, &ListPage::exportTable);
    addToolbarWidget(exportButton);

    setTableModel(m_model);
    table()->setAccessibleNames(tr("Money per pool"));

    auto* details = new QWidget(this);
    auto* layout = new QVBoxLayout(details);
    layout->setContentsMargins(0, 0, 0, 0);
    m_summary->setObjectName(QStringLiteral("moneySummary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    // Readable by keyboard and screen reader like a field: it holds the totals.
    m_summary->setFocusPolicy(Qt::StrongFocus);
    layout->addWidget(m_summary);
    layout->addWidget(m_chart, 1);
    setDetails(details, 3, 2);

    connect(m_grouping, &QComboBox::currentIndexChanged, this,
            [this] { setGrouping(MoneyModel::Grouping(m_grouping->currentData().toInt())); });
    connect(m_model, &MoneyModel::computed, this, &MoneyView::showFigures);
    connect(context->settings(), &Settings::timesInUtcChanged, this, &MoneyView::updateZone);
    updateZone();
    takeModels(context->session());
}

MoneyView::~MoneyView() = default;

void MoneyView::setGrouping(MoneyModel::Grouping grouping)
{
    m_grouping->setCurrentIndex(m_grouping->findData(int(grouping)));
    m_model->setGrouping(grouping);
    table()->table()->resizeColumnsToContents();
    table()->setAccessibleNames(grouping == MoneyModel::Grouping::Pool ? tr("Money per pool")
                                                                       : tr("Money per workspace"));
    // A workspace's row names its workspace already.
    table()->table()->setColumnHidden(MoneyModel::WorkspaceColumn,
                                      grouping == MoneyModel::Grouping::Workspace);
}

void MoneyView::takeModels(Session* session)
{
    m_model->setSources(session->orders(), session->pools());
    // "Now" moves on between polls that change nothing: each poll computes the hour's cost again.
    disconnect(m_loaded);
    m_loaded = connect(session, &Session::listLoaded, m_model, [this](Session::Resource resource) {
        if (resource == Session::Resource::Orders || resource == Session::Resource::Pools)
            m_model->scheduleRecompute();
    });
}

void MoneyView::updateZone()
{
    m_model->setTimeZone(context()->settings()->timesInUtc() ? QTimeZone(QTimeZone::UTC)
                                                             : QTimeZone(QTimeZone::LocalTime));
}

void MoneyView::showFigures()
{
    // Sized to the figures once the orders have come (not to the pools' zeros before them); after
    // that the user's widths stay.
    if (!m_sized && m_model->rowCount() > 0 && context()->session()->isLoaded(Session::Resource::Orders)) {
        m_sized = true;
        table()->table()->resizeColumnsToContents();
    }
    const MoneyModel::Row totals = m_model->totals();
    const QList<MoneyModel::Day>& days = m_model->burnDown();
    const qint64 month = days.isEmpty() ? 0 : days.constLast().cumulativeNet;
    m_summary->setText(tr("In all: bought %1 (%2 node-hours), sold %3 (%4 node-hours), net %5. "
                          "This month: net %6. Nodes owned now: %7, costing %8 per hour.")
                           .arg(Format::money(totals.bought),
                                MoneyModel::nodeHoursText(totals.boughtNodeSeconds),
                                Format::money(totals.sold), MoneyModel::nodeHoursText(totals.soldNodeSeconds),
                                Format::money(totals.net()), Format::money(month),
                                QLocale().toString(totals.ownedNodes), Format::money(totals.costPerHour)));
    m_summary->setAccessibleName(tr("Totals"));
    m_summary->setAccessibleDescription(m_summary->text());
    const QTimeZone zone =
        context()->settings()->timesInUtc() ? QTimeZone(QTimeZone::UTC) : QTimeZone(QTimeZone::LocalTime);
    const QDate today = QDateTime::fromSecsSinceEpoch(m_model->computedAt(), zone).date();
    const QDate nextMonth = QDate(today.year(), today.month(), 1).addMonths(1);
    m_chart->setDays(days, QDateTime(nextMonth, QTime(0, 0), zone).toSecsSinceEpoch(), zone);
}

} // namespace sfdesk
