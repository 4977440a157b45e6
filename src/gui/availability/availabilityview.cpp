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
    : QWidget(parent)
    , m_context(context)
    , m_model(context->session()->skus())
    , m_table(new ResourceTableView(QStringLiteral("availability"), context->settings(), this))
    , m_infinibandOnly(new QCheckBox(tr("&InfiniBand only"), this))
    , m_refresh(new ListRefresh(QStringLiteral("availability"), tr("Loading SKUs"), context, m_table,
                                {Session::Resource::Skus, Session::Resource::Availability}, this))
    , m_details(new QLabel(this))
{
    setObjectName(QStringLiteral("availabilityPage"));
    m_infinibandOnly->setObjectName(QStringLiteral("availabilityInfinibandOnly"));
    m_infinibandOnly->setToolTip(SfCommand::availability(true));
    m_details->setObjectName(QStringLiteral("availabilityDetails"));
    m_details->setWordWrap(true);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* toolbar = new QHBoxLayout;
    toolbar->addWidget(m_infinibandOnly);
    toolbar->addStretch(1);
    toolbar->addWidget(m_refresh->label());
    toolbar->addWidget(m_refresh->button());

    m_table->setSourceModel(m_model);
    m_table->setAccessibleNames(tr("Availability"));
    m_table->proxy()->setSortRole(ResourceRole::RawRole);
    m_table->setDefaultHiddenColumns({SkuModel::IdColumn});
    m_table->setPlaceholderText(tr("No SKUs to show."));
    m_table->setMenuProvider([this](QMenu* menu, const QModelIndexList& rows) { fillMenu(menu, rows); });

    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(toolbar);
    layout->addWidget(splitter, 1);

    m_refresh->setAction(Session::Resource::Availability, tr("Loading availability"));
    m_table->proxy()->setRowFilter([this](const QVariant& object) {
        return !m_infinibandOnly->isChecked() || object.value<InstanceSku>().isInfiniband();
    });
    connect(m_infinibandOnly, &QCheckBox::toggled, m_table->proxy(),
            &ResourceProxyModel::invalidateRowFilter);
    connect(m_refresh, &ListRefresh::finished, this, [this] {
        updateDetails();
        Q_EMIT refreshed();
    });
    connect(m_refresh, &ListRefresh::sessionChanged, this, [this](Session* session) {
        m_model = session->skus();
        m_table->setSourceModel(m_model);
        updateDetails();
    });
    connect(m_table->table()->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &AvailabilityView::updateDetails);
    updateDetails();
}

AvailabilityView::~AvailabilityView() = default;

void AvailabilityView::refresh()
{
    m_refresh->refresh();
}

void AvailabilityView::updateDetails()
{
    const QModelIndex row = m_table->currentSourceRow();
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

void AvailabilityView::fillMenu(QMenu* menu, const QModelIndexList& rows)
{
    if (rows.isEmpty())
        return;
    const InstanceSku sku = m_model->at(rows.first().row());
    CopyActions::add(
        menu, QStringLiteral("availability"), sku.id, {},
        {{tr("Copy as sf command: availability"), SfCommand::availability(m_infinibandOnly->isChecked()),
          QStringLiteral("availabilityCopyCommand")}});
}
