#include "gui/availability/availabilityview.h"

#include "core/models/session.h"

#include "core/api/apiclient.h"
#include "core/cli/sfcommand.h"
#include "core/models/format.h"
#include "gui/common/copyactions.h"
#include "gui/common/listrefresh.h"
#include "gui/common/resourcetableview.h"
#include "gui/common/updatedlabel.h"
#include "gui/common/viewcontext.h"

#include <QCheckBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

AvailabilityView::AvailabilityView(ViewContext* context, QWidget* parent)
    : ListPage(context,
               {QStringLiteral("availability"),
                tr("A&vailability"),
                tr("Loading SKUs"),
                {Session::Resource::Skus, Session::Resource::Availability},
                {SkuModel::IdColumn},
                tr("No SKUs to show.")},
               parent)
    , m_model(context->session()->skus())
    , m_infinibandOnly(new QCheckBox(tr("&InfiniBand only"), this))
    , m_details(new QLabel(this))
{
    m_infinibandOnly->setObjectName(QStringLiteral("availabilityInfinibandOnly"));
    m_infinibandOnly->setToolTip(SfCommand::availability(true));
    m_details->setObjectName(QStringLiteral("availabilityDetails"));
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    addToolbarWidget(m_infinibandOnly);
    setTableModel(m_model);
    table()->setAccessibleNames(tr("Availability"));
    setDetails(m_details);

    listRefresh()->setAction(Session::Resource::Availability, tr("Loading availability"));
    table()->proxy()->setRowFilter([this](const QVariant& object) {
        return !m_infinibandOnly->isChecked() || object.value<InstanceSku>().isInfiniband();
    });
    connect(m_infinibandOnly, &QCheckBox::toggled, table()->proxy(),
            &ResourceProxyModel::invalidateRowFilter);
    updateDetails();
}

AvailabilityView::~AvailabilityView() = default;

void AvailabilityView::takeModels(Session* session)
{
    m_model = session->skus();
    setTableModel(m_model);
}

// The details follow the current row and each answer.
void AvailabilityView::updateActions()
{
    updateDetails();
}

void AvailabilityView::updateDetails()
{
    const QModelIndex row = table()->currentSourceRow();
    if (!row.isValid() || row.row() >= m_model->rowCount()) {
        m_details->setText(
            tr("Select a SKU to see what the market offers over time. A SKU supports InfiniBand when "
               "its RDMA type is infiniband; each such SKU sits on one fabric."));
        return;
    }
    const InstanceSku& sku = m_model->at(row.row());
    const NodeSchedule schedule = m_model->schedule(sku.id);
    QStringList lines;
    for (const NodeScheduleEntry& entry : schedule)
        lines << tr("%1 → %2: %n node(s)", nullptr, entry.nodeCount)
                     .arg(Format::dateTime(entry.startAt),
                          entry.endAt ? Format::dateTime(*entry.endAt) : tr("onwards"));
    m_details->setText(
        tr("<b>%1</b> (%2)<br>%3")
            .arg(sku.alias.toHtmlEscaped(), sku.id,
                 lines.isEmpty() ? tr("Nothing published for sale.") : lines.join(QStringLiteral("<br>"))));
}

void AvailabilityView::fillRowMenu(QMenu* menu, const QModelIndexList& rows)
{
    const InstanceSku sku = m_model->at(rows.first().row());
    CopyActions::add(
        menu, QStringLiteral("availability"), sku.id, {},
        {{tr("Copy as sf command: availability"), SfCommand::availability(m_infinibandOnly->isChecked()),
          QStringLiteral("availabilityCopyCommand")}});
}
