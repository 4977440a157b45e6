// SPDX-License-Identifier: Apache-2.0

#include "gui/availability/availabilityview.h"

#include "common/schedule.h"
#include "core/cli/sfcommand.h"
#include "core/market/plannerconversion.h"
#include "core/models/format.h"
#include "core/models/partitionmodel.h"
#include "core/models/session.h"
#include "core/util/plaintext.h"
#include "gui/availability/availabilitychart.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/viewcontext.h"

#include <QCheckBox>
#include <QDateTime>
#include <QLabel>
#include <QMenu>
#include <QVBoxLayout>

namespace sfdesk {

namespace {

// Prices are asked again for the same SKU after this long.
constexpr qint64 PriceMaxAgeSeconds = 60;

} // namespace

AvailabilityView::AvailabilityView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("availability"),
                tr("Availa&bility"),
                tr("Loading SKUs"),
                {Session::Resource::Skus, Session::Resource::Availability},
                {SkuModel::IdColumn},
                tr("No SKUs to show.")},
               parent)
    , m_model(context->session()->skus())
    , m_infinibandOnly(new QCheckBox(tr("&InfiniBand only"), this))
    , m_details(new QLabel(this))
    , m_chart(new AvailabilityChart(this))
{
    m_infinibandOnly->setObjectName(QStringLiteral("availabilityInfinibandOnly"));
    m_infinibandOnly->setToolTip(PlainText::toolTip(SfCommand::availability(true)));
    // Rich text: every server value in it is escaped.
    m_details->setTextFormat(Qt::RichText);
    m_details->setObjectName(QStringLiteral("availabilityDetails"));
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A few lines at most; the chart takes the rest of the pane and gives way when it is small.
    m_details->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);

    auto* pane = new QWidget(this);
    pane->setObjectName(QStringLiteral("availabilityDetailsPane"));
    auto* paneLayout = new QVBoxLayout(pane);
    paneLayout->setContentsMargins(0, 0, 0, 0);
    paneLayout->addWidget(m_details);
    paneLayout->addWidget(m_chart, 1);

    addToolbarWidget(m_infinibandOnly);
    setTableModel(m_model);
    table()->setAccessibleNames(tr("Availability"));
    setDetails(pane, 1, 1);

    listRefresh()->setAction(Session::Resource::Availability, tr("Loading availability"));
    table()->proxy()->setRowFilter([this](const QVariant& object) {
        return !m_infinibandOnly->isChecked() || object.value<InstanceSku>().isInfiniband();
    });
    connect(m_infinibandOnly, &QCheckBox::toggled, table()->proxy(),
            &ResourceProxyModel::invalidateRowFilter);
    connect(context, &ViewContext::enrolmentChanged, this, &AvailabilityView::updateDetails);
    connect(context, &ViewContext::scopeChanged, this, &AvailabilityView::updateDetails);
    takeModels(context->session());
}

AvailabilityView::~AvailabilityView()
{
    if (m_partitionWatch)
        m_partitionWatch->unwatch(Session::Resource::Partitions);
}

void AvailabilityView::takeModels(Session* session)
{
    m_model = session->skus();
    setTableModel(m_model);
    // A partition made or deleted elsewhere in the app shows here at once.
    const PartitionModel* partitions = session->partitions();
    connect(partitions, &QAbstractItemModel::modelReset, this, &AvailabilityView::updateDetails,
            Qt::UniqueConnection);
    connect(partitions, &QAbstractItemModel::rowsInserted, this, &AvailabilityView::updateDetails,
            Qt::UniqueConnection);
    connect(partitions, &QAbstractItemModel::rowsRemoved, this, &AvailabilityView::updateDetails,
            Qt::UniqueConnection);
    connect(partitions, &QAbstractItemModel::dataChanged, this, &AvailabilityView::updateDetails,
            Qt::UniqueConnection);
    m_pricedSku.clear();
    updatePartitionWatch();
    updateDetails();
}

void AvailabilityView::showEvent(QShowEvent* event)
{
    ListPage::showEvent(event);
    updatePartitionWatch();
}

void AvailabilityView::hideEvent(QHideEvent* event)
{
    ListPage::hideEvent(event);
    updatePartitionWatch();
}

void AvailabilityView::updatePartitionWatch()
{
    // The partitions on an InfiniBand SKU's fabric, read while the page is shown (the session asks
    // only once the account is enrolled in the preview).
    Session* session = context()->session();
    Session* wanted = isVisible() && session->canSend() ? session : nullptr;
    if (m_partitionWatch == wanted)
        return;
    if (m_partitionWatch)
        m_partitionWatch->unwatch(Session::Resource::Partitions);
    m_partitionWatch = wanted;
    if (wanted)
        wanted->watch(Session::Resource::Partitions);
}

// The details follow the current row and each answer.
void AvailabilityView::updateActions()
{
    updateDetails();
}

QString AvailabilityView::fabricText(const InstanceSku& sku) const
{
    const QString fabric = sku.property(QStringLiteral("infiniband_fabric"));
    if (!sku.isInfiniband())
        return tr("No InfiniBand: instances of this SKU have no RDMA network.");
    if (fabric.isEmpty())
        return tr("InfiniBand, on a fabric the server did not name.");
    const QString scope =
        context()->allWorkspaces() ? tr("any workspace") : tr("workspace \"%1\"").arg(context()->workspace());
    switch (context()->infinibandEnrolment()) {
    case ViewContext::Enrolment::Enrolled:
        break;
    case ViewContext::Enrolment::NotEnrolled:
    case ViewContext::Enrolment::NotSelfEnrollable:
        return tr("InfiniBand fabric %1. Partitions need the InfiniBand preview (see the Partitions page).")
            .arg(fabric);
    case ViewContext::Enrolment::Unknown:
        return tr("InfiniBand fabric %1.").arg(fabric);
    }
    QStringList partitions;
    for (const InfinibandPartition& partition : context()->session()->partitions()->rows()) {
        if (partition.fabric.name == fabric || partition.fabric.id == fabric)
            partitions << (context()->allWorkspaces()
                               ? tr("%1 (workspace %2)").arg(partition.name, partition.workspace)
                               : partition.name);
    }
    if (!context()->session()->isLoaded(Session::Resource::Partitions))
        return tr("InfiniBand fabric %1. Reading the partitions of %2…").arg(fabric, scope);
    if (partitions.isEmpty())
        return tr("InfiniBand fabric %1. No partitions of %2 on it yet: create one on the Partitions page to "
                  "give instances of this SKU an RDMA network.")
            .arg(fabric, scope);
    return tr("InfiniBand fabric %1. Partitions of %2 on it: %3.")
        .arg(fabric, scope, partitions.join(QStringLiteral(", ")));
}

void AvailabilityView::updateDetails()
{
    const QModelIndex row = table()->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount()) {
        m_details->setText(
            tr("Select a SKU to see what the market offers over time. A SKU supports InfiniBand when "
               "its RDMA type is infiniband; each such SKU sits on one fabric."));
        m_pricedSku.clear();
        m_latestPrices.drop();
        m_chart->clear();
        return;
    }
    const InstanceSku& sku = m_model->at(row.row());
    const qint64 now = QDateTime::currentSecsSinceEpoch();
    const qint64 from = Schedule::floorHour(now);
    const qint64 to = from + RangeSeconds;
    const NodeSchedule schedule = m_model->schedule(sku.id);
    QStringList place;
    for (const QString& key : {QStringLiteral("accelerator"), QStringLiteral("num_accelerators"),
                               QStringLiteral("region"), QStringLiteral("availability_zone")}) {
        const QString value =
            sku.displayProperty(key).isEmpty() ? sku.property(key) : sku.displayProperty(key);
        if (!value.isEmpty())
            place << value;
    }
    m_details->setText(tr("<b>%1</b> (%2) · %3<br>%4 Nodes now: %5.")
                           .arg(sku.alias.toHtmlEscaped(), sku.id.toHtmlEscaped(),
                                place.join(QStringLiteral(" · ")).toHtmlEscaped(),
                                fabricText(sku).toHtmlEscaped())
                           .arg(scheduleNodesAt(schedule, now)));
    m_chart->setNodes(schedule, from, to);
    if (sku.id != m_pricedSku || now - m_pricedAt > PriceMaxAgeSeconds)
        requestPrices(sku);
}

void AvailabilityView::requestPrices(const InstanceSku& sku)
{
    Session* session = context()->session();
    const bool sameSku = sku.id == m_pricedSku;
    m_pricedSku = sku.id;
    m_pricedAt = QDateTime::currentSecsSinceEpoch();
    const LatestAnswer::Ticket generation = m_latestPrices.next();
    // Another SKU's prices never stand beside this one's nodes.
    if (!sameSku)
        m_chart->setPrices({});
    if (!session->canSend())
        return;
    const qint64 from = Schedule::floorHour(m_pricedAt);
    const qint64 to = from + RangeSeconds;
    const QString skuId = sku.id;
    session
        ->orderbookWindows(PlannerConversion::requirementsQuery(PlannerConversion::requirements(sku)), from,
                           to)
        .onSuccess(this,
                   [this, generation, skuId, from, to](const QList<OrderbookWindow>& windows) {
                       if (!m_latestPrices.isLatest(generation))
                           return;
                       m_chart->setPrices(PlannerConversion::hourQuotes(windows, skuId, from, to));
                   })
        .onFailure(this, [this, generation](const ApiError& error) {
            if (!m_latestPrices.isLatest(generation))
                return;
            // Nodes still show; the prices are asked again at the next selection or refresh.
            m_pricedSku.clear();
            context()->reportError(tr("Reading the order book"), error);
        });
}

void AvailabilityView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const InstanceSku sku = m_model->at(rows.first().row());
    CopyActions::add(
        menu, QStringLiteral("availability"), sku.id, {},
        {{tr("Copy as sf command: availability"), SfCommand::availability(m_infinibandOnly->isChecked()),
          QStringLiteral("availabilityCopyCommand")}});
}

} // namespace sfdesk
